import { describe, expect, it } from 'vitest'
import { defaultSettings, settingsFromJson } from './ipc/settings.ts'
import { newWatchRuleSchema } from './watch.ts'

const rule = {
  id: 'r1',
  dir: '/home/me/Downloads',
  accountId: 'acc-1',
  fldId: 0,
  minAgeMs: 5000,
  doneDir: null,
  paused: false,
}

describe('watch rules and background settings', () => {
  it('are off or empty by default', () => {
    expect(defaultSettings).toMatchObject({ watchRules: [], linkCheckHours: null, keepRunningInTray: true })
  })

  it('read back rule by rule: a damaged rule is dropped, the others kept', () => {
    const read = settingsFromJson({
      watchRules: [
        rule,
        { ...rule, id: 'r2', dir: 'relative/dir' },
        'junk',
        { ...rule, id: 'r3', minAgeMs: -1 },
      ],
      linkCheckHours: 24,
      keepRunningInTray: false,
    })
    expect(read.watchRules).toEqual([rule])
    expect(read.linkCheckHours).toBe(24)
    expect(read.keepRunningInTray).toBe(false)
    expect(settingsFromJson({ watchRules: 'nope', linkCheckHours: 5 })).toMatchObject({
      watchRules: [],
      linkCheckHours: null,
    })
  })

  it('fill in what a new rule leaves out, and refuse relative folders', () => {
    expect(newWatchRuleSchema.parse({ dir: '/data/in', accountId: 'a' })).toEqual({
      dir: '/data/in',
      accountId: 'a',
      fldId: 0,
      minAgeMs: 5000,
      doneDir: null,
    })
    expect(newWatchRuleSchema.safeParse({ dir: 'in', accountId: 'a' }).success).toBe(false)
    expect(newWatchRuleSchema.safeParse({ dir: '/in', accountId: 'a', minAgeMs: 90_000_000 }).success).toBe(
      false,
    )
  })
})
