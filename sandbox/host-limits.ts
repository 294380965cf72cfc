import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Ctx } from './context.ts'
import { sendJson } from './envelope.ts'
import type { HostVariant } from './variants.ts'

/**
 * The request rate and lock-out of the `rate-limit` and `lockout` variants, per API key as real hosts count them.
 * The rate is a token bucket of `requestsPerSec` tokens refilled continuously (a burst of one second's worth, as
 * DoodStream's "10 requests a second" allows); the lock-out counts consecutive failed answers of a key and shuts
 * it out for `lockoutSec` after `lockoutAfter` of them, a success resetting the count (send.now's "try again in 60
 * minutes"). Memory only, like the faults.
 */
export class HostLimits {
  private readonly keys = new Map<string, KeyState>()
  /** Requests refused so far, for the rate and for a lock-out (GET /sandbox/faults answers them). */
  private readonly refusedCounts = { rate: 0, lockedOut: 0 }
  /**
   * Requests the rate took (a token each) so far: the host's own count of the work it did at its rate, which a
   * client in another process (the CLI) cannot be counted from inside (GET /sandbox/faults answers it).
   */
  private takenCount = 0

  get refused(): { rate: number; lockedOut: number } {
    return { ...this.refusedCounts }
  }

  get taken(): number {
    return this.takenCount
  }

  /** What to answer instead of the operation, or null to run it. Takes a token when the rate allows. */
  admit(v: HostVariant, key: string, now: number): Refusal | null {
    const s = this.state(key, v, now)
    if (s.lockedUntil > now) {
      this.refusedCounts.lockedOut++
      return { kind: 'locked', minutes: Math.ceil((s.lockedUntil - now) / 60_000) }
    }
    if (v.requestsPerSec <= 0) return null
    s.tokens = Math.min(v.requestsPerSec, s.tokens + ((now - s.at) / 1000) * v.requestsPerSec)
    s.at = now
    if (s.tokens < 1) {
      this.refusedCounts.rate++
      return { kind: 'rate' }
    }
    s.tokens -= 1
    this.takenCount++
    return null
  }

  /** Notes the outcome of a request of `key`: failures in a row lock the key out. */
  outcome(v: HostVariant, key: string, failed: boolean, now: number): void {
    if (v.lockoutAfter <= 0) return
    const s = this.state(key, v, now)
    s.failures = failed ? s.failures + 1 : 0
    if (s.failures >= v.lockoutAfter) {
      s.lockedUntil = now + v.lockoutSec * 1000
      s.failures = 0
    }
  }

  /** Forgets every count and lock-out (a variant switched off at run time). */
  reset(): void {
    this.keys.clear()
    this.refusedCounts.rate = 0
    this.refusedCounts.lockedOut = 0
    this.takenCount = 0
  }

  private state(key: string, v: HostVariant, now: number): KeyState {
    let s = this.keys.get(key)
    if (s === undefined) {
      s = { tokens: v.requestsPerSec, at: now, failures: 0, lockedUntil: 0 }
      // Keys are whatever clients send; a flood of wrong keys must not grow the map without bound.
      if (this.keys.size >= 10_000) this.keys.clear()
      this.keys.set(key, s)
    }
    return s
  }
}

interface KeyState {
  tokens: number
  at: number
  failures: number
  lockedUntil: number
}

export type Refusal = { kind: 'rate' } | { kind: 'locked'; minutes: number }

/** The answer bodies, as those hosts write them: HTTP 200, `status` 429 (a string for the rate, as DoodStream). */
export function refusalBody(r: Refusal): Record<string, unknown> {
  if (r.kind === 'rate') return { msg: 'Too Many Requests', status: '429' }
  const minutes = r.minutes === 1 ? '1 minute' : `${r.minutes} minutes`
  return { status: 429, msg: `Too many failed requests. Try again in ${minutes}` }
}

/**
 * The rate and lock-out variants for one request of `key`: answers (HTTP 200, status 429 in the body) and returns
 * true when they refuse it. A request refused for the rate counts as a failure towards the lock-out.
 */
export function refusedByLimits(ctx: Ctx, key: string, req: IncomingMessage, res: ServerResponse): boolean {
  const now = Date.now()
  const refusal = ctx.limits.admit(ctx.variant, key, now)
  if (refusal === null) return false
  if (refusal.kind === 'rate') ctx.limits.outcome(ctx.variant, key, true, now)
  if (!req.complete) req.resume()
  sendJson(res, refusalBody(refusal))
  return true
}
