import { formatHostTime } from '../../lib/dates.ts'

const HOST_STAMP = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/

/**
 * A host timestamp ("2026-11-23 14:05:59") as shown everywhere (formatHostTime), in a <time> whose machine form
 * is the same digits (a local date and time: the host names no zone). Text that is no timestamp has none.
 */
export function HostTime({ value }: { value: string | null | undefined }) {
  const stamp = value ? HOST_STAMP.exec(value) : null
  const machine = stamp ? (stamp[2] ? `${stamp[1]}T${stamp[2]}` : stamp[1]) : undefined
  return <time dateTime={machine}>{formatHostTime(value)}</time>
}
