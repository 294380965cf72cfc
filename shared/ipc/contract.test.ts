import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { QueueEvent, QueueItemView } from '../queue.ts'
import { emptyTotals } from '../queue-totals.ts'
import { buildApi, splitChannel } from './build-api.ts'
import { channelNames, isChannelName } from './channels.ts'
import { contract } from './contract.ts'
import { type AppEvent, appEventSchema } from './events.ts'
import { absolutePath, entryName, fileCode, folderId, httpUrl } from './fields.ts'
import { defaultSettings, settingsFromJson } from './settings.ts'

// Compile-time: everything the upload engine can emit fits the schemas the socket client parses with.
const fitsSchema = (event: QueueEvent): z.input<typeof appEventSchema> => event
void fitsSchema

describe('the contract', () => {
  it('has exactly one schema per channel name, in the same order', () => {
    expect(Object.keys(contract)).toEqual([...channelNames])
  })

  it('names every channel group.method', () => {
    for (const name of channelNames) expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/)
  })

  it('knows its channel names and nothing inherited', () => {
    expect(isChannelName('files.info')).toBe(true)
    for (const bad of ['__proto__', 'constructor', 'toString', 'files', 'files.', '', 42, null]) {
      expect(isChannelName(bad)).toBe(false)
    }
  })
})

describe('buildApi', () => {
  it('exposes exactly one function per channel, nested by group, calling invoke with that channel', async () => {
    const seen: Array<[string, unknown]> = []
    const api = buildApi(async (channel, input) => {
      seen.push([channel, input])
      return { ok: true, value: channel }
    })
    const exposed: string[] = []
    for (const [group, methods] of Object.entries(api)) {
      for (const [method, fn] of Object.entries(methods as Record<string, unknown>)) {
        expect(typeof fn).toBe('function')
        exposed.push(`${group}.${method}`)
      }
    }
    expect(exposed.sort()).toEqual([...channelNames].sort())
    await expect(api.files.rename({ fileCode: 'abc', name: 'n' })).resolves.toEqual({
      ok: true,
      value: 'files.rename',
    })
    await api.accounts.list()
    expect(seen).toEqual([
      ['files.rename', { fileCode: 'abc', name: 'n' }],
      ['accounts.list', {}],
    ])
  })

  it('splits a channel at its first dot', () => {
    expect(splitChannel('accounts.setActive')).toEqual(['accounts', 'setActive'])
  })
})

describe('field schemas', () => {
  it('accepts ordinary names and trims them', () => {
    expect(entryName.parse('  Holiday photos  ')).toBe('Holiday photos')
    expect(entryName.parse('Ünïcödé – 写真.jpg')).toBe('Ünïcödé – 写真.jpg')
  })

  it('refuses empty, overlong and control-character names', () => {
    for (const bad of [
      '',
      '   ',
      'a'.repeat(256),
      'line\nbreak',
      'tab\there',
      'nul\u0000',
      'evil\u202Etxt.exe',
      'x\u2028y',
    ]) {
      expect(entryName.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })

  it('accepts file codes of letters and digits only', () => {
    expect(fileCode.safeParse('abc123def456').success).toBe(true)
    for (const bad of ['', 'abc/def', 'abc def', '../etc', 'a'.repeat(65), 'abc,def', 'é123']) {
      expect(fileCode.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('accepts folder ids that are whole numbers of 0 or more', () => {
    expect(folderId.safeParse(0).success).toBe(true)
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', 2 ** 53]) {
      expect(folderId.safeParse(bad).success, String(bad)).toBe(false)
    }
  })

  it('accepts http(s) URLs without credentials only', () => {
    expect(httpUrl.safeParse('https://files.example.com/abc123def456').success).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@example.com/x',
      'not a url',
      'ftp://x',
    ]) {
      expect(httpUrl.safeParse(bad).success, bad).toBe(false)
    }
  })
})

describe('app events', () => {
  it('parses every kind of event and refuses unknown ones', () => {
    const valid = [
      { type: 'accounts.changed' },
      { type: 'account.activeChanged', accountId: null },
      { type: 'files.changed', accountId: 'a', fldId: 3 },
      { type: 'folders.changed', accountId: 'a', parentId: null },
    ]
    for (const event of valid) expect(appEventSchema.parse(event)).toEqual(event)
    expect(appEventSchema.safeParse({ type: 'queue.changed' }).success).toBe(false)
    expect(appEventSchema.safeParse({ type: 'accounts.changed', extra: 1 }).success).toBe(false)
  })

  it('parses the upload queue events and the app’s upload events', () => {
    const item: QueueItemView = {
      id: 'i1',
      batchId: 'b1',
      kind: 'file',
      accountId: 'a',
      name: 'a.jpg',
      relPath: 'photos/a.jpg',
      source: '/home/me/photos/a.jpg',
      fldId: 0,
      targetFldId: 12,
      size: 2048,
      state: 'failed',
      phase: null,
      attempts: 3,
      direction: 'up',
      bytesDone: 1024,
      nextAttemptAt: null,
      fileCode: null,
      pageLink: null,
      error: { kind: 'server', message: 'The upload server refused the file', operation: 'upload' },
      addedAt: 1,
      finishedAt: 2,
    }
    const totals = { ...emptyTotals(), items: 1, failed: 1, totalBytes: 2048 }
    const valid: AppEvent[] = [
      { type: 'queue.added', batchId: 'b1', items: [item] },
      { type: 'queue.item', item },
      { type: 'queue.removed', ids: ['i1'] },
      {
        type: 'queue.progress',
        items: [{ id: 'i1', bytesDone: 10, totalBytes: 2048, bytesPerSec: 5, etaSec: null }],
        totals,
      },
      { type: 'queue.paused', pause: { reason: 'auth', message: 'Key refused', accountId: 'a', since: 1 } },
      { type: 'queue.resumed', reason: 'offline' },
      { type: 'queue.settings', concurrency: 4, bandwidthBytesPerSec: null, downloadBytesPerSec: null },
      {
        type: 'batch.finished',
        batchId: 'b1',
        kind: 'paths',
        entries: [],
        groups: [],
        failed: 1,
        cancelled: 0,
      },
      { type: 'links.ready', batchId: 'b1', format: 'bbcode', text: '', files: 0, failed: 1, copied: false },
      { type: 'settings.changed' },
    ]
    for (const event of valid) expect(appEventSchema.parse(event), event.type).toEqual(event)
    // A field the engine adds later does not lose the event.
    expect(appEventSchema.parse({ type: 'queue.item', item: { ...item, newField: 1 } })).toEqual({
      type: 'queue.item',
      item,
    })
    expect(
      appEventSchema.safeParse({ type: 'queue.item', item: { ...item, state: 'exploded' } }).success,
    ).toBe(false)
    expect(appEventSchema.safeParse({ type: 'links.ready', batchId: 'b1' }).success).toBe(false)
  })
})

describe('upload channels', () => {
  const enqueue = contract['queue.enqueuePaths'].input
  it('takes absolute paths of either platform, and nothing relative', () => {
    for (const good of ['/home/me/a.txt', 'C:\\Users\\me\\a.txt', 'd:/x', '\\\\server\\share\\x']) {
      expect(absolutePath.safeParse(good).success, good).toBe(true)
    }
    for (const bad of [
      '',
      'a.txt',
      './a',
      '../etc/passwd',
      'C:a.txt',
      '/nul\u0000',
      `/${'x'.repeat(5000)}`,
    ]) {
      expect(absolutePath.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('takes one shape for where a drop goes: a folder per account, each account once', () => {
    const messages = (input: object) => {
      const r = enqueue.safeParse({ paths: ['/a'], ...input })
      return r.success ? [] : r.error.issues.map((i) => i.message)
    }
    const mirrored = [
      { accountId: 'a', fldId: 7, folderPath: 'Projects/2026' },
      { accountId: 'b', fldId: 12 },
    ]
    expect(enqueue.parse({ paths: ['/a'], targets: mirrored })).toEqual({ paths: ['/a'], targets: mirrored })
    expect(messages({ targets: [{ accountId: 'a', fldId: 7 }] })).toEqual([])
    expect(messages({ targets: [] })).toEqual(['Pick at least one account to upload to'])
    expect(messages({})).toHaveLength(1)
    expect(messages({ targets: [mirrored[0], { accountId: 'a', fldId: 3 }] })).toEqual([
      'An account is listed twice',
    ])
    expect(messages({ targets: [{ accountId: 'a', fldId: -1 }] })).toEqual(['Folder id must be 0 or more'])
    // The older shape (accountIds + one fldId) is gone: every caller sends targets.
    expect(messages({ accountIds: ['a'], fldId: 0 }).length).toBeGreaterThan(0)
    expect(
      messages({ targets: [{ accountId: 'a', fldId: 0, label: 'My files on A' }] }).length,
    ).toBeGreaterThan(0)
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ accountId: `acc-${i}`, fldId: 0 }))
    expect(messages({ targets: tooMany })).toEqual(['At most 20 accounts per upload'])
    expect(messages({ paths: Array(10_001).fill('/a'), targets: [{ accountId: 'a', fldId: 0 }] })).toEqual([
      'At most 10000 paths per upload',
    ])
  })

  it('packs links of a batch or of entries, never both or neither', () => {
    const pack = contract['links.pack'].input
    expect(pack.safeParse({ batchId: 'b1', format: 'html' }).success).toBe(true)
    expect(pack.safeParse({ entryIds: ['e1'], format: 'plain' }).success).toBe(true)
    expect(pack.safeParse({ batchId: 'b1', entryIds: ['e1'], format: 'page' }).success).toBe(false)
    expect(pack.safeParse({ format: 'page' }).success).toBe(false)
    expect(pack.safeParse({ batchId: 'b1', format: 'pdf' }).success).toBe(false)
  })

  it('bounds queue limits', () => {
    const n = contract['queue.setConcurrency'].input
    expect([0, 1, 16, 17, 2.5].map((v) => n.safeParse({ n: v }).success)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ])
    const bw = contract['queue.setBandwidthLimit'].input
    expect([null, 1000, 999, 1500.5].map((v) => bw.safeParse({ bytesPerSec: v }).success)).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it('reads a damaged settings file field by field', () => {
    expect(
      settingsFromJson({ linkFormat: 'html', autoCopy: 'yes', concurrency: 99, bandwidthBytesPerSec: 4096 }),
    ).toEqual({
      // Fields other features add keep their defaults.
      ...defaultSettings,
      linkFormat: 'html',
      autoCopy: false,
      concurrency: 3,
      bandwidthBytesPerSec: 4096,
    })
    expect(settingsFromJson(null)).toMatchObject({ linkFormat: 'page' })
  })

  it('keeps the uploads panel height per window size class, and drops a damaged one', () => {
    expect(settingsFromJson({ queuePanelHeights: { small: 180, large: 320 } }).queuePanelHeights).toEqual({
      small: 180,
      large: 320,
    })
    expect(settingsFromJson({ queuePanelHeights: { small: -5 } }).queuePanelHeights).toEqual({})
    expect(settingsFromJson({ queuePanelHeights: { huge: 200 } }).queuePanelHeights).toEqual({})
  })
})
