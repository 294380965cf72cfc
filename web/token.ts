import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 32 random bytes, base64url: the capability that lets a browser tab use this host. */
export function createToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Constant-time comparison. Both sides are hashed first so timingSafeEqual always sees equal lengths and the
 * comparison reveals neither the token's content nor its length.
 */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 1024) return false
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(given).digest()
  return timingSafeEqual(a, b)
}

/** Cookies are not isolated by port, so each host instance names its own and two hosts never clobber each other. */
export function cookieName(port: number): string {
  return `filedock_token_${port}`
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

export function tokenCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`
}
