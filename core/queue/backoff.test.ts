import { describe, expect, it } from 'vitest'
import { backoffMs, defaultRetry, delay } from './backoff.ts'

describe('delay', () => {
  it('resolves true after the wait', async () => {
    const started = performance.now()
    expect(await delay(30)).toBe(true)
    expect(performance.now() - started).toBeGreaterThanOrEqual(25)
  })

  it('resolves false at once when aborted during the wait, or already aborted', async () => {
    const ac = new AbortController()
    const waiting = delay(10_000, ac.signal)
    await new Promise((resolve) => setImmediate(resolve))
    ac.abort()
    // Settled by the abort itself, before the loop turns again (not when the 10 s are up).
    const nextTurn = new Promise((resolve) => setImmediate(() => resolve('still waiting')))
    expect(await Promise.race([waiting, nextTurn])).toBe(false)
    expect(await delay(10_000, ac.signal)).toBe(false)
  })
})

describe('backoffMs', () => {
  it('doubles per failure with equal jitter, capped, and honours a longer Retry-After', () => {
    expect(backoffMs(1, defaultRetry, undefined, () => 0)).toBe(500)
    expect(backoffMs(3, defaultRetry, undefined, () => 1)).toBe(4_000)
    expect(backoffMs(30, defaultRetry, undefined, () => 1)).toBe(120_000)
    expect(backoffMs(1, defaultRetry, 9_000, () => 1)).toBe(9_000)
  })
})
