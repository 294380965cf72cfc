import { describe, expect, it } from 'vitest'
import { RecentPlans, TTL_MS } from './recent-plans.ts'

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
