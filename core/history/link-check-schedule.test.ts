import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LinkCheckSummary } from '../../shared/link-health.ts'
import { LinkCheckSchedule } from './link-check-schedule.ts'

const summary = (finishedAt: number): LinkCheckSummary => ({
  checked: 1,
  alive: 1,
  gone: 0,
  unchecked: 0,
  problems: [],
  finishedAt,
})

const HOUR = 3_600_000

// The schedule's timers and clock are fake: hours pass in a moment, and exactly.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the link check schedule', () => {
  it('is off by default, runs every N hours counted from the last run, and stops when turned off', async () => {
    let hours: number | null = null
    let last: number | null = Date.now()
    const start = Date.now()
    const runs: number[] = []
    const schedule = new LinkCheckSchedule({
      hours: () => hours,
      lastRunAt: () => last,
      run: async () => {
        last = Date.now()
        runs.push(last - start)
        return summary(last)
      },
      log: () => undefined,
    })
    schedule.rearm()
    await vi.advanceTimersByTimeAsync(48 * HOUR)
    expect(runs).toEqual([])

    // Every 2 hours, counted from the last run (48 h ago): due at once, then every 2 hours.
    hours = 2
    schedule.rearm()
    await vi.advanceTimersByTimeAsync(5 * HOUR)
    expect(runs).toEqual([48 * HOUR, 50 * HOUR, 52 * HOUR])

    hours = null
    schedule.rearm()
    await vi.advanceTimersByTimeAsync(48 * HOUR)
    expect(runs).toHaveLength(3)
    schedule.close()
  })

  it('after a restart waits for what is left of the period instead of checking at once', async () => {
    const start = Date.now()
    const runs: number[] = []
    const schedule = new LinkCheckSchedule({
      hours: () => 1,
      lastRunAt: () => start - HOUR + 200, // due in 200 ms
      run: async () => {
        runs.push(Date.now() - start)
        return summary(Date.now())
      },
      log: () => undefined,
    })
    schedule.rearm()
    await vi.advanceTimersByTimeAsync(199)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toEqual([200])
    schedule.close()
  })

  it('takes a wait longer than a timer can hold (24.8 days) in steps', async () => {
    const start = Date.now()
    const runs: number[] = []
    const schedule = new LinkCheckSchedule({
      hours: () => 30 * 24,
      lastRunAt: () => start,
      run: async () => {
        runs.push(Date.now() - start)
        return summary(Date.now())
      },
      log: () => undefined,
    })
    schedule.rearm()
    await vi.advanceTimersByTimeAsync(30 * 24 * HOUR - 1)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toEqual([30 * 24 * HOUR])
    schedule.close()
  })
})
