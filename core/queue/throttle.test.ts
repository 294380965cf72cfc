import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DOWNLOAD_OPERATION } from '../api/file-server.ts'
import { UPLOAD_OPERATION } from '../api/multipart-upload.ts'
import { backoffMs } from './backoff.ts'
import { NameLocks } from './name-lock.ts'
import { Scheduler } from './scheduler.ts'
import { TokenBucket } from './throttle.ts'

describe('token bucket', () => {
  // On a fake clock, so the pace is exact: the bucket's clock and timers are the fake ones.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('paces takers to the rate, shared among them', async () => {
    const bucket = new TokenBucket(200_000, UPLOAD_OPERATION, 100, () => Date.now())
    const started = Date.now()
    // 100 KB by each of three takers in 10 KB pieces: 300 KB at 200 KB/s is 1.5 s, the last 100 ms of it the burst
    // allowance. The pieces are reserved in turn, so the takers end 50 ms apart; each alone at the rate would be
    // done at 0.4 s.
    const takers = Promise.all(
      [0, 1, 2].map(async () => {
        for (let i = 0; i < 10; i++) await bucket.take(10_000)
        return Date.now() - started
      }),
    )
    await vi.runAllTimersAsync()
    const ends = await takers
    expect(ends).toEqual([1_300, 1_350, 1_400])
  })

  it('wakes waiters when the limit is lifted, and aborts on a signal', async () => {
    const bucket = new TokenBucket(1_024, UPLOAD_OPERATION, 100, () => Date.now())
    let taken = false
    // 100,000 bytes at 1 KiB/s: 97 s.
    const waiting = bucket.take(100_000).then(() => {
      taken = true
    })
    await vi.advanceTimersByTimeAsync(50)
    expect(taken).toBe(false)
    const liftedAt = Date.now()
    bucket.setRate(null)
    await waiting
    // Woken by the change, the clock where it was.
    expect(Date.now()).toBe(liftedAt)
    bucket.setRate(1_024)
    const ac = new AbortController()
    const aborted = bucket.take(100_000, ac.signal)
    ac.abort()
    await expect(aborted).rejects.toMatchObject({ kind: 'cancelled' })
  })

  it("words its cancel in its direction's terms", async () => {
    for (const [operation, message] of [
      [UPLOAD_OPERATION, 'Cancelled while uploading a file.'],
      [DOWNLOAD_OPERATION, 'Cancelled while downloading a file.'],
    ]) {
      const bucket = new TokenBucket(1_024, operation, 100, () => Date.now())
      const ac = new AbortController()
      const waiting = bucket.take(100_000, ac.signal)
      ac.abort()
      await expect(waiting).rejects.toMatchObject({ kind: 'cancelled', message, operation })
    }
  })
})

describe('backoff', () => {
  it('doubles with jitter, caps, and honours Retry-After', () => {
    const o = { attempts: 8, baseMs: 100, maxMs: 1_000 }
    expect(backoffMs(1, o, undefined, () => 0)).toBe(50)
    expect(backoffMs(1, o, undefined, () => 1)).toBe(100)
    expect(backoffMs(3, o, undefined, () => 1)).toBe(400)
    expect(backoffMs(10, o, undefined, () => 1)).toBe(1_000)
    expect(backoffMs(1, o, 5_000, () => 1)).toBe(5_000)
  })
})

describe('name locks', () => {
  it('lets different sizes share a name, not equal sizes, and a URL (any size) only alone', () => {
    const locks = new NameLocks()
    expect(locks.tryAcquire('k', 10)).toBe(true)
    expect(locks.tryAcquire('k', 20)).toBe(true)
    expect(locks.tryAcquire('k', 10)).toBe(false)
    expect(locks.tryAcquire('k', null)).toBe(false)
    locks.release('k', 10)
    locks.release('k', 20)
    expect(locks.tryAcquire('k', null)).toBe(true)
    expect(locks.tryAcquire('k', 30)).toBe(false)
    locks.release('k', null)
    expect(locks.tryAcquire('k', 30)).toBe(true)
  })
})

describe('scheduler', () => {
  it('runs lowest rank first within the limit, and follows a live limit change', async () => {
    const order: string[] = []
    let running = 0
    let peak = 0
    const release: (() => void)[] = []
    const s = new Scheduler(1, {
      admit: () => true,
      halted: () => false,
      run: async (id) => {
        order.push(id)
        running++
        peak = Math.max(peak, running)
        await new Promise<void>((r) => release.push(r))
        running--
      },
    })
    for (const [id, rank] of [
      ['c', 3],
      ['a', 1],
      ['b', 2],
      ['d', 4],
    ] as const)
      s.push(id, rank)
    expect(order).toEqual(['c'])
    release.shift()?.()
    await new Promise((r) => setTimeout(r, 0))
    expect(order).toEqual(['c', 'a'])
    s.setConcurrency(3)
    expect(order).toEqual(['c', 'a', 'b', 'd'])
    expect(peak).toBe(3)
    for (const r of release.splice(0)) r()
  })
})
