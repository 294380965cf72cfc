import { randomBytes } from 'node:crypto'

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** Random string over [a-z0-9]; the small modulo bias does not matter for identifiers. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const b of bytes) out += alphabet[b % alphabet.length]
  return out
}

/** A file code as the spec shows them: 12 characters of lower-case letters and digits. */
export const randomFileCode = (): string => randomToken(12)

export const isFileCode = (s: string): boolean => /^[a-z0-9]{12}$/.test(s)

/** Deterministic PRNG (mulberry32) for seeding: replaying a seed entry must rebuild the very same records. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function codeFrom(rand: () => number, length = 12): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rand() * alphabet.length)]
  return out
}
