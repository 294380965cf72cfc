import { describe, expect, it } from 'vitest'
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

describe('the link check schedule', () => {
  it('is off by default, runs every N hours counted from the last run, and stops when turned off', async () => {
    let hours: number | null = null
    let last: number | null = Date.now()
    const runs: number[] = []
    const schedule = new LinkCheckSchedule({
      hours: () => hours,
      lastRunAt: () => last,
      run: async () => {
        last = Date.now()
        runs.push(last)
        return summary(last)
      },
      log: () => undefined,
    })
    schedule.rearm()
    await new Promise((r) => setTimeout(r, 300))
    expect(runs).toHaveLength(0)

    hours = 0.1 / 3600 // every 100 ms
    schedule.rearm()
    await new Promise((r) => setTimeout(r, 550))
    expect(runs.length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < runs.length; i++)
      expect((runs[i] as number) - (runs[i - 1] as number)).toBeGreaterThanOrEqual(95)

    hours = null
    schedule.rearm()
    const count = runs.length
    await new Promise((r) => setTimeout(r, 300))
    expect(runs).toHaveLength(count)
    schedule.close()
  })

  it('after a restart waits for what is left of the period instead of checking at once', async () => {
    const runs: number[] = []
    const schedule = new LinkCheckSchedule({
      hours: () => 1,
      lastRunAt: () => Date.now() - 3_600_000 + 200, // due in 200 ms
      run: async () => {
        runs.push(Date.now())
        return summary(Date.now())
      },
      log: () => undefined,
    })
    schedule.rearm()
    await new Promise((r) => setTimeout(r, 100))
    expect(runs).toHaveLength(0)
    await new Promise((r) => setTimeout(r, 250))
    expect(runs).toHaveLength(1)
    schedule.close()
  })
})
