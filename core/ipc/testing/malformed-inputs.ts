import type { ChannelName } from '../../../shared/ipc/channels.ts'
import { contract } from '../../../shared/ipc/contract.ts'

/**
 * Inputs that no channel accepts, whatever its schema: wrong top-level types, prototype-pollution objects, and
 * (for channels with fields) each field of a valid sample replaced by a value invalid for every field type.
 */
const HUGE = 'x'.repeat(100_000)

export const nonObjects: unknown[] = [null, 42, -1, 1.5, Number.NaN, 'text', true, [], [1, 2], HUGE]

/** Objects whose extra keys a strict schema must refuse (as JSON.parse would build them). */
export function pollutingObjects(base: Record<string, unknown>): unknown[] {
  return [
    { ...base, ...JSON.parse('{"__proto__": {"polluted": true}}') },
    { ...base, constructor: { prototype: { polluted: true } } },
    { ...base, prototype: { polluted: true } },
    { ...base, unexpected: 1 },
  ]
}

/** Values invalid for every field of the contract (strings, bounded ints, arrays, enums, optional ids). */
export const badFieldValues: unknown[] = [
  null,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  HUGE,
  { nested: true },
  true,
  [HUGE],
  JSON.parse('{"__proto__": {"polluted": true}}'),
]

/** `value` is the bad value put in `field`; a removal (`-field`) has none. */
export interface FieldMutation {
  field: string
  value?: unknown
  input: unknown
}

export function fieldMutations(sample: Record<string, unknown>): FieldMutation[] {
  const out: FieldMutation[] = []
  for (const field of Object.keys(sample)) {
    for (const value of badFieldValues) out.push({ field, value, input: { ...sample, [field]: value } })
    const { [field]: _removed, ...without } = sample
    out.push({ field: `-${field}`, input: without })
  }
  return out
}

/** A tiny seeded generator, so a failing fuzz case can be replayed. */
export function randomValue(seed: number): unknown {
  let s = seed >>> 0
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
  const make = (depth: number): unknown => {
    const pick = Math.floor(next() * 8)
    if (depth > 2 && pick >= 6) return null
    switch (pick) {
      case 0:
        return Math.floor(next() * 2e9) - 1e9
      case 1:
        return next() * 1000 - 500
      case 2:
        return 'r'.repeat(Math.floor(next() * 5000))
      case 3:
        return next() < 0.5
      case 4:
        return null
      case 5:
        return String.fromCharCode(Math.floor(next() * 32))
      case 6:
        return Array.from({ length: Math.floor(next() * 4) }, () => make(depth + 1))
      default:
        return Object.fromEntries(
          Array.from({ length: Math.floor(next() * 4) }, (_, i) => [`k${i}`, make(depth + 1)]),
        )
    }
  }
  return make(0)
}

type FieldSchema = { safeParse(v: unknown): { success: boolean } }

/** The schema of one field of a channel's input (every input is an object schema). */
export function fieldSchema(channel: ChannelName, field: string): FieldSchema | undefined {
  return (contract[channel].input as unknown as { shape: Record<string, FieldSchema> }).shape[field]
}

/**
 * null and true are values some fields take on purpose (null lifts the bandwidth limit, autoCopy is a switch):
 * for those fields they are not malformed. Every other bad value must be refused by every field.
 */
export function takesOnPurpose(channel: ChannelName, field: string, value: unknown): boolean {
  return (value === null || value === true) && fieldSchema(channel, field)?.safeParse(value).success === true
}

/**
 * fieldMutations of a channel's sample, without the values its fields take on purpose. `overJson`: the values
 * as they arrive after a trip through JSON (the WebSocket), where NaN and Infinity become null.
 */
export function malformedMutations(
  channel: ChannelName,
  sample: Record<string, unknown>,
  o: { overJson?: boolean } = {},
): FieldMutation[] {
  const arrives = (v: unknown) => (o.overJson && typeof v === 'number' && !Number.isFinite(v) ? null : v)
  return fieldMutations(sample).filter(
    (m) => m.field.startsWith('-') || !takesOnPurpose(channel, m.field, arrives(m.value)),
  )
}
