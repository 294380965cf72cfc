import { describe, expect, it } from 'vitest'
import { MAX_DOWNLOAD_CODES } from '../downloads.ts'
import { contract } from './contract.ts'
import { settingsPatchSchema } from './settings.ts'

// What the download channels accept from the (untrusted) renderer.
const request = contract['downloads.start'].input
const valid = {
  accountId: 'acc-1',
  to: '/home/me/Downloads/Filedock',
  onConflict: 'skip',
  what: { fldId: 7, recursive: true },
}
const issues = (input: unknown) => {
  const parsed = request.safeParse(input)
  return parsed.success ? null : parsed.error.issues.map((i) => i.message)
}

describe('a download request', () => {
  it('takes each kind of what, and the plan takes the same shape', () => {
    for (const what of [
      { codes: ['abc123def456', 'ABC123'] },
      { fldId: 0, recursive: false },
      { all: true },
      { batchId: '0a1b2c3d-4e5f-4061-8283-949596979899' },
      { selection: { kind: 'files', files: [{ accountId: 'acc-1', fileCode: 'abc123def456' }] } },
      {
        selection: {
          kind: 'query',
          query: { scope: { kind: 'subtree', fldId: 3 }, sort: { key: 'name', dir: 'asc' } },
        },
      },
    ]) {
      expect(issues({ ...valid, what }), JSON.stringify(what)).toBeNull()
      expect(contract['downloads.plan'].input.safeParse({ ...valid, what }).success).toBe(true)
    }
    for (const to of ['C:\\Users\\me\\Downloads', 'D:/dl', '\\\\nas\\share\\dl', '/', '/a/b..c/.d']) {
      expect(issues({ ...valid, to }), to).toBeNull()
    }
  })

  it('refuses a folder that is relative, climbs with . or .., or holds a NUL', () => {
    expect(issues({ ...valid, to: 'Downloads' })).toEqual(['Path must be absolute'])
    expect(issues({ ...valid, to: '~/Downloads' })).toEqual(['Path must be absolute'])
    for (const to of [
      '/home/me/../../etc',
      '/home/./me',
      'C:\\Users\\..\\Windows',
      '/home/me/..',
      'D:/x/./y',
    ]) {
      expect(issues({ ...valid, to }), to).toEqual([
        'The download folder must not contain "." or ".." parts: give the folder itself',
      ])
    }
    expect(issues({ ...valid, to: '/home/me\u0000/x' })).toEqual(['Path contains a NUL character'])
    expect(issues({ ...valid, to: '' })).not.toBeNull()
    expect(issues({ ...valid, to: `/${'a'.repeat(5000)}` })).toEqual(['Path is longer than 4096 characters'])
  })

  it('refuses missing fields, unknown fields and a what that is none of the kinds', () => {
    for (const field of Object.keys(valid)) {
      const { [field]: _gone, ...without } = valid as Record<string, unknown>
      expect(issues(without), field).not.toBeNull()
    }
    expect(issues({ ...valid, extra: 1 })).not.toBeNull()
    expect(issues({ ...valid, onConflict: 'replace' })).not.toBeNull()
    for (const what of [
      {},
      { fldId: 7 },
      { fldId: -1, recursive: true },
      { fldId: 7, recursive: 'yes' },
      { all: false },
      { codes: ['abc'], fldId: 1, recursive: true },
      { batchId: '../../etc' },
      { selection: { kind: 'files', files: [] } },
    ]) {
      expect(issues({ ...valid, what }), JSON.stringify(what)).not.toBeNull()
    }
  })

  it('refuses a codes list that is empty, too long, or holds a code that is not one', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`)
    expect(issues({ ...valid, what: { codes: codes(MAX_DOWNLOAD_CODES) } })).toBeNull()
    expect(issues({ ...valid, what: { codes: codes(MAX_DOWNLOAD_CODES + 1) } })).not.toBeNull()
    expect(issues({ ...valid, what: { codes: [] } })).not.toBeNull()
    for (const code of ['../x', 'a b', '', 'x'.repeat(65), 'ab\u0000c']) {
      expect(issues({ ...valid, what: { codes: [code] } }), code).not.toBeNull()
    }
  })
})

describe('the other download channels', () => {
  it('reveal names exactly one of an item or a batch, and how', () => {
    const reveal = contract['downloads.reveal'].input
    const id = '0a1b2c3d-4e5f-4061-8283-949596979899'
    expect(reveal.safeParse({ itemId: id, how: 'open' }).success).toBe(true)
    expect(reveal.safeParse({ batchId: id, how: 'folder' }).success).toBe(true)
    expect(reveal.safeParse({ how: 'folder' }).success).toBe(false)
    expect(reveal.safeParse({ itemId: id, batchId: id, how: 'folder' }).success).toBe(false)
    expect(reveal.safeParse({ itemId: id, how: 'run' }).success).toBe(false)
    // A path is never taken: only what the queue downloaded can be shown or opened.
    expect(reveal.safeParse({ path: '/etc/passwd', how: 'open' }).success).toBe(false)
  })

  it('the download settings: a policy, verify after upload (the folder is the picker’s, lastFolders)', () => {
    expect(settingsPatchSchema.safeParse({ onConflict: 'overwrite', verifyAfterUpload: true }).success).toBe(
      true,
    )
    // One memory of the download folder: THE folder picker's, not a setting of its own.
    expect(settingsPatchSchema.safeParse({ downloadDir: '/data/dl' }).success).toBe(false)
    expect(settingsPatchSchema.safeParse({ onConflict: 'ask' }).success).toBe(false)
    // The download speed limit goes through queue.setBandwidthLimit, with its direction.
    expect(settingsPatchSchema.safeParse({ downloadBytesPerSec: 5000 }).success).toBe(false)
    const limit = contract['queue.setBandwidthLimit'].input
    expect(limit.safeParse({ bytesPerSec: 5000, direction: 'down' }).success).toBe(true)
    expect(limit.safeParse({ bytesPerSec: 5000, direction: 'sideways' }).success).toBe(false)
  })
})
