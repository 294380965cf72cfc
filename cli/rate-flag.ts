import { defineMessage } from '@formatjs/intl'
import { MAX_BANDWIDTH, MIN_BANDWIDTH } from '../shared/ipc/limits.ts'
import { usage } from './context.ts'

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }

/**
 * `--limit-rate R`: bytes a second as curl reads them (a number, optionally with K, M or G for KiB, MiB, GiB), so
 * the flag a user knows from curl means the same here. At least MIN_BANDWIDTH: a lower limit would stall.
 */
export function parseRateFlag(value: string): number {
  const m = /^(\d+(?:\.\d+)?)([kmg]?)$/i.exec(value.trim())
  const bytes = m ? Math.floor(Number(m[1]) * (UNITS[(m[2] ?? '').toLowerCase()] ?? 1)) : Number.NaN
  if (!Number.isFinite(bytes) || bytes < MIN_BANDWIDTH || bytes > MAX_BANDWIDTH)
    throw usage(
      defineMessage({
        id: 'cli.errors.flag.limitRate',
        defaultMessage:
          '--limit-rate must be bytes a second from {min} (or 1K) to 10G, like 500K or 2M; not {value}.',
      }),
      { min: MIN_BANDWIDTH, value: JSON.stringify(value) },
    )
  return bytes
}
