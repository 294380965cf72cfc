import { describe, expect, it } from 'vitest'
import { RecentAppWrites } from './recent-app-writes.ts'

describe('RecentAppWrites', () => {
  it('gives a listing the rows written after it began, of its own account only', () => {
    const log = new RecentAppWrites()
    log.note(1, { codes: ['before-any-listing'] })
    const first = log.begin()
    log.note(1, { codes: ['a'], fldIds: [7] })
    log.note(2, { codes: ['other-account'] })
    const second = log.begin()
    log.note(1, { codes: ['b'] })
    expect(log.since(1, first)).toEqual({ codes: ['a', 'b'], fldIds: [7] })
    expect(log.since(1, second)).toEqual({ codes: ['b'], fldIds: [] })
    expect(log.since(2, first)).toEqual({ codes: ['other-account'], fldIds: [] })

    // The older listing ends: what only it needed is forgotten, the newer one still gets its rows.
    log.end(first)
    expect(log.since(1, first)).toEqual({ codes: ['b'], fldIds: [] })
    expect(log.since(1, second)).toEqual({ codes: ['b'], fldIds: [] })
    log.end(second)
    const third = log.begin()
    expect(log.since(1, third)).toEqual({ codes: [], fldIds: [] })
    expect(log.since(1, 0)).toEqual({ codes: [], fldIds: [] })
  })

  it('keeps a mark shared by two listings until both have ended', () => {
    const log = new RecentAppWrites()
    const one = log.begin()
    const two = log.begin()
    expect(two).toBe(one)
    log.note(3, { codes: ['x'] })
    log.end(one)
    expect(log.since(3, two)).toEqual({ codes: ['x'], fldIds: [] })
    log.end(two)
    expect(log.since(3, two)).toEqual({ codes: [], fldIds: [] })
  })
})
