import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ItemProgress } from '../../shared/queue.ts'
import { ProgressMeter } from './progress.ts'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('progress events of running transfers', () => {
  it('8 downloads reporting bytes every millisecond make 10 events a second, each carrying all 8', () => {
    const flushes: ItemProgress[][] = []
    const meter = new ProgressMeter(
      (items) => flushes.push(items),
      100,
      () => Date.now(),
    )
    const ids = Array.from({ length: 8 }, (_, n) => `d${n}`)
    for (let ms = 1; ms <= 1000; ms++) {
      for (const id of ids) meter.update(id, ms * 1024, 10 * 1024 * 1024, 'down')
      vi.advanceTimersByTime(1)
    }
    vi.advanceTimersByTime(100)
    meter.close()
    // 8,000 updates over a second: the first goes out at once, then one event per 100 ms.
    expect(flushes.length).toBe(11)
    for (const items of flushes) expect(items.map((p) => p.id)).toEqual(ids)
    expect(flushes.at(-1)?.map((p) => p.bytesDone)).toEqual(ids.map(() => 1000 * 1024))
  })

  it('a transfer that moved nothing since the last event is not in the next one', () => {
    const flushes: ItemProgress[][] = []
    const meter = new ProgressMeter(
      (items) => flushes.push(items),
      100,
      () => Date.now(),
    )
    meter.update('a', 1, 10, 'down')
    meter.update('b', 1, 10, 'down')
    vi.advanceTimersByTime(100)
    meter.update('a', 2, 10, 'down')
    vi.advanceTimersByTime(100)
    vi.advanceTimersByTime(500)
    meter.close()
    expect(flushes.map((items) => items.map((p) => p.id))).toEqual([['a', 'b'], ['a']])
  })
})
