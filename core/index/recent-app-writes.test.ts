import { describe, expect, it } from 'vitest'
import { type AppWritten, RecentAppWrites } from './recent-app-writes.ts'

/** A listing of account `acct` that stays on its way until `end()`. */
function startListing(log: RecentAppWrites, acct: number) {
  let finish = (): void => undefined
  let appWrote: () => AppWritten = () => {
    throw new Error('the listing has not started')
  }
  const done = log.during(acct, (written) => {
    appWrote = written
    return new Promise<void>((resolve) => {
      finish = resolve
    })
  })
  const seen = () => {
    const w = appWrote()
    return { codes: [...w.codes], fldIds: [...w.fldIds] }
  }
  return {
    seen,
    end: async () => {
      finish()
      await done
    },
  }
}

describe('RecentAppWrites', () => {
  it('gives a listing the rows written after it began, of its own account only', async () => {
    const log = new RecentAppWrites()
    log.note(1, { codes: ['before-any-listing'] })
    const first = startListing(log, 1)
    const firstOther = startListing(log, 2)
    log.note(1, { codes: ['a'], fldIds: [7] })
    log.note(2, { codes: ['other-account'] })
    const second = startListing(log, 1)
    log.note(1, { codes: ['b'] })
    expect(first.seen()).toEqual({ codes: ['a', 'b'], fldIds: [7] })
    expect(second.seen()).toEqual({ codes: ['b'], fldIds: [] })
    expect(firstOther.seen()).toEqual({ codes: ['other-account'], fldIds: [] })

    // The older listings end: what only they needed is forgotten, the newer one still gets its rows.
    await first.end()
    await firstOther.end()
    expect(first.seen()).toEqual({ codes: ['b'], fldIds: [] })
    expect(second.seen()).toEqual({ codes: ['b'], fldIds: [] })
    await second.end()
    const third = startListing(log, 1)
    expect(third.seen()).toEqual({ codes: [], fldIds: [] })
    expect(first.seen()).toEqual({ codes: [], fldIds: [] })
    await third.end()
  })

  it('keeps a mark shared by two listings until both have ended', async () => {
    const log = new RecentAppWrites()
    const one = startListing(log, 3)
    const two = startListing(log, 3)
    log.note(3, { codes: ['x'] })
    await one.end()
    expect(two.seen()).toEqual({ codes: ['x'], fldIds: [] })
    await two.end()
    expect(two.seen()).toEqual({ codes: [], fldIds: [] })
  })

  it('ends a listing that fails, and forgets what only it needed', async () => {
    const log = new RecentAppWrites()
    let seen = (): AppWritten => ({ codes: new Set(['not called']), fldIds: new Set() })
    const failed = log.during(4, async (appWrote) => {
      seen = appWrote
      log.note(4, { codes: ['y'] })
      throw new Error('the host went away')
    })
    await expect(failed).rejects.toThrow('the host went away')
    expect([...seen().codes]).toEqual([])
  })
})
