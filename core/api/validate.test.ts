import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FiledockError } from '../../shared/errors.ts'
import { entryName, httpUrl } from '../../shared/ipc/fields.ts'
import { ApiClient } from './client.ts'
import { type FakeHost, ok, reply, startFakeHost } from './testing/fake-host.ts'

// Every call here must fail with invalid_input before any request: the fake host counts what it sees.
let host: FakeHost
let client: ApiClient
let dir: string

beforeAll(async () => {
  host = await startFakeHost((_q, res) => reply(res, ok('true')))
  client = new ApiClient({ baseUrl: host.baseUrl, apiKey: 'k-123456', retries: 0 })
  dir = await mkdtemp(join(tmpdir(), 'filedock-validate-'))
})

afterAll(async () => {
  await client.close()
  await host.close()
  await rm(dir, { recursive: true, force: true })
})

async function rejectsInput(call: () => Promise<unknown>, pattern?: RegExp) {
  const err = await call().then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(FiledockError)
  expect((err as FiledockError).kind).toBe('invalid_input')
  if (pattern) expect((err as FiledockError).message).toMatch(pattern)
  expect(host.requests).toHaveLength(0)
}

/** True unless the client refused the arguments itself (the fake host's answer may be unreadable: that is fine). */
const accepted = (call: () => Promise<unknown>) =>
  call().then(
    () => true,
    (e: unknown) => !(e instanceof FiledockError && e.kind === 'invalid_input'),
  )

describe('arguments are checked before the network', () => {
  it.each([[''], ['   '], ['abc!def'], ['abc/def'], ['a,b'], ['x'.repeat(65)]])(
    'file code %j',
    async (code) => {
      await rejectsInput(() => client.fileRename(code, 'name'), /file_code/)
      await rejectsInput(() => client.directLink(code))
      await rejectsInput(() => client.fileInfo([code]))
    },
  )

  it('file code of another type', async () => {
    await rejectsInput(() => client.fileClone(12 as unknown as string))
  })

  it('an empty list of codes', async () => {
    await rejectsInput(() => client.fileInfo([]))
  })

  it.each([[-1], [1.5], [Number.NaN], [2 ** 60], ['3' as unknown as number]])('folder id %j', async (id) => {
    await rejectsInput(() => client.fileSetFolder('abcdefghijkl', id), /fld_id/)
    await rejectsInput(() => client.folderList(id))
    await rejectsInput(() => client.folderCreate('x', id), /parent_id/)
  })

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['a\nb', /control/],
    ['tab\there', /control/],
    ['nul\u0000', /control/],
    ['del\u007f', /control/],
    ['x'.repeat(10_000), /255 characters/],
    ['evil\u202Etxt.exe', /direction marks/],
  ])('name %j', async (name, pattern) => {
    await rejectsInput(() => client.fileRename('abcdefghijkl', name), pattern)
    await rejectsInput(() => client.folderRename(1, name), pattern)
    await rejectsInput(() => client.folderCreate(name, 0), pattern)
  })

  it('file/list parameters', async () => {
    await rejectsInput(() => client.fileList({ page: 0 }), /page/)
    await rejectsInput(() => client.fileList({ perPage: 2.5 }), /per_page/)
    await rejectsInput(() => client.fileList({ created: 'yesterday' }), /created/)
  })

  it('credentials in a URL, which would be handed to the host', async () => {
    await rejectsInput(
      () => client.uploadRemote('https://user:pw@example.com/f.iso'),
      /user name or password/,
    )
    await rejectsInput(() => client.filesCheck(['https://user@example.com/abc']), /url_0/)
  })

  it('refuses exactly what the contract refuses (one set of field rules)', async () => {
    const names = [
      'ok.txt',
      ' trimmed ',
      '',
      'a\nb',
      'evil\u202Etxt.exe',
      'x\u2028y',
      'n'.repeat(256),
      'é写真',
    ]
    for (const name of names) {
      const app = entryName.safeParse(name).success
      const api = await accepted(() => client.fileRename('abcdefghijkl', name))
      expect(api, JSON.stringify(name)).toBe(app)
    }
    const urls = [
      'https://h.example/a',
      'https://u:p@h.example/a',
      'ftp://h/a',
      'javascript:alert(1)',
      ' http://h/b ',
    ]
    for (const url of urls) {
      const app = httpUrl.safeParse(url).success
      const api = await accepted(() => client.filesCheck([url]))
      expect(api, url).toBe(app)
    }
    host.requests.length = 0 // accepted values did reach the host; the other cases count from zero
  })

  it('urls', async () => {
    await rejectsInput(() => client.uploadRemote('ftp://x/y'), /http/)
    await rejectsInput(() => client.uploadRemote('not a url'))
    await rejectsInput(() => client.filesCheck([]), /at least one/i)
    await rejectsInput(() => client.filesCheck(['http://h/a', 'javascript:alert(1)']), /url_1/)
  })

  it('upload of a missing file, a folder, or an unreadable file', async () => {
    await rejectsInput(() => client.upload(join(dir, 'missing.bin')), /no file/)
    await mkdir(join(dir, 'sub'))
    await rejectsInput(() => client.upload(join(dir, 'sub')), /not a regular file/)
    const locked = join(dir, 'locked.bin')
    await writeFile(locked, 'x', { mode: 0o000 })
    // root can read anything, so this case only means something for ordinary users.
    if (process.getuid?.() !== 0) await rejectsInput(() => client.upload(locked), /cannot be read/)
    await rejectsInput(() =>
      client.uploadFile({ sessId: 's', uploadUrl: `${host.baseUrl}/up` }, join(dir, 'nope')),
    )
  })

  it('a file name with control characters, before upload/server spends a session', async () => {
    const path = join(dir, 'ok.bin')
    await writeFile(path, 'x')
    await rejectsInput(() => client.upload(path, { fileName: 'bad\nname' }), /control/)
  })

  it('a constructor without key or with a bad base URL', () => {
    expect(() => new ApiClient({ baseUrl: host.baseUrl, apiKey: ' ' })).toThrow(/API key/)
    expect(() => new ApiClient({ baseUrl: 'ftp://x', apiKey: 'k' })).toThrow(/http/)
    expect(() => new ApiClient({ baseUrl: 'nonsense', apiKey: 'k' })).toThrow(/not a valid URL/)
  })
})
