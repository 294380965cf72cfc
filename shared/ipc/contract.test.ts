import { describe, expect, it } from 'vitest'
import { buildApi, splitChannel } from './build-api.ts'
import { channelNames, isChannelName } from './channels.ts'
import { contract } from './contract.ts'
import { appEventSchema } from './events.ts'
import { entryName, fileCode, folderId, httpUrl } from './fields.ts'

describe('the contract', () => {
  it('has exactly one schema per channel name, in the same order', () => {
    expect(Object.keys(contract)).toEqual([...channelNames])
  })

  it('names every channel group.method', () => {
    for (const name of channelNames) expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/)
  })

  it('knows its channel names and nothing inherited', () => {
    expect(isChannelName('files.list')).toBe(true)
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
})
