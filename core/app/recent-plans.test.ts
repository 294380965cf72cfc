import { describe, expect, it } from 'vitest'
import { RecentFiles, RecentPlans, TTL_MS } from './recent-plans.ts'

describe('the plan the dialog showed, kept for its Download button', () => {
  const request = { accountId: 'a', to: '/d', onConflict: 'skip', what: { all: true } }

  it('is taken once, by the very same request, while fresh', () => {
    let now = 1_000
    const plans = new RecentPlans<string>(() => now)
    plans.keep(request, 'plan')
    now += TTL_MS
    expect(plans.take({ ...request })).toBe('plan')
    expect(plans.take(request)).toBeNull()
  })

  it('another request, or one too late, plans afresh', () => {
    let now = 0
    const plans = new RecentPlans<string>(() => now)
    plans.keep(request, 'plan')
    expect(plans.take({ ...request, onConflict: 'overwrite' })).toBeNull()
    plans.keep(request, 'plan')
    now = TTL_MS + 1
    expect(plans.take(request)).toBeNull()
  })
})

describe('the files of the request planned last, kept for its next plan into another folder', () => {
  const request = { accountId: 'a', what: { all: true } }

  it('are read once for the same request while fresh; another request or a late one reads again', async () => {
    let now = 0
    let reads = 0
    const files = new RecentFiles<number>(() => now)
    const read = async () => ++reads
    expect(await Promise.all([files.of(request, read), files.of({ ...request }, read)])).toEqual([1, 1])
    expect(await files.of({ accountId: 'b', what: { all: true } }, read)).toBe(2)
    now = TTL_MS + 1
    expect(await files.of({ accountId: 'b', what: { all: true } }, read)).toBe(3)
  })

  it('a read that failed is not kept', async () => {
    const files = new RecentFiles<string>()
    await expect(files.of(request, async () => Promise.reject(new Error('index closed')))).rejects.toThrow()
    expect(await files.of(request, async () => 'rows')).toBe('rows')
  })
})
