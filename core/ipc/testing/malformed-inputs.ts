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

export function fieldMutations(sample: Record<string, unknown>): Array<{ field: string; input: unknown }> {
  const out: Array<{ field: string; input: unknown }> = []
  for (const field of Object.keys(sample)) {
    for (const value of badFieldValues) out.push({ field, input: { ...sample, [field]: value } })
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
