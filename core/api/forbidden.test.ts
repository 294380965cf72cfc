import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { FiledockError } from '../../shared/errors.ts'
import { ApiClient } from './client.ts'
import { kindOf } from './envelope.ts'
import { startFakeHost } from './testing/fake-host.ts'

let dir: string
let sandbox: SandboxHandle
let client: ApiClient

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-forbidden-'))
  sandbox = await startSandbox({ dataDir: dir, seedFiles: 2 })
  client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, retries: 0 })
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

/** The sandbox's run-time switch, as a test or a person would flip it. */
async function disallow(list: string): Promise<Record<string, unknown>> {
  const url = new URL('/sandbox/faults', sandbox.baseUrl)
  url.searchParams.set('key', sandbox.apiKey)
  url.searchParams.set('disallow', list)
  return ((await (await fetch(url)).json()) as { result: Record<string, unknown> }).result
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as FiledockError,
  )

describe('an operation the host does not allow for the key', () => {
  it('is `forbidden`, names the action in user words, and the key still works for the rest', async () => {
    expect(await disallow('file/list,file/clone')).toMatchObject({ disallow: ['file/list', 'file/clone'] })
    const listed = await failure(client.fileList())
    expect(listed).toBeInstanceOf(FiledockError)
    expect(listed).toMatchObject({ kind: 'forbidden', operation: 'file/list', status: 403 })
    expect(listed.message).toMatch(/does not allow listing files with this API key/)
    expect(listed.message).toContain('This function not allowed in API')
    expect(listed.message).not.toMatch(/file\/list|rejected the API key/)

    const code = (await client.folderList(0)).files[0]?.fileCode ?? 'abcdefghijkl'
    const cloned = await failure(client.fileClone(code))
    expect(cloned).toMatchObject({ kind: 'forbidden' })
    expect(cloned.message).toMatch(/copying a file/)

    // The same key, other operations: fine.
    await expect(client.accountInfo()).resolves.toMatchObject({ email: expect.any(String) })
  })

  it('is allowed again once the switch is cleared, and clearing twice is harmless', async () => {
    await disallow('file/list')
    expect(await disallow('')).not.toHaveProperty('disallow')
    expect(await disallow('')).not.toHaveProperty('disallow')
    await expect(client.fileList()).resolves.toMatchObject({ files: expect.any(Array) })
  })

  it('refuses an unknown operation name in the switch', async () => {
    const url = new URL('/sandbox/faults', sandbox.baseUrl)
    url.searchParams.set('key', sandbox.apiKey)
    url.searchParams.set('disallow', 'file/nope')
    const body = (await (await fetch(url)).json()) as { status: number; msg: string }
    expect(body).toMatchObject({ status: 400, msg: expect.stringContaining('Unknown operation file/nope') })
  })
})

describe('kindOf: the host words that mean "not for this key"', () => {
  it('sorts status and words', () => {
    expect(kindOf(403, 'This function not allowed in API')).toBe('forbidden')
    expect(kindOf(undefined, 'This function not allowed in API')).toBe('forbidden')
    expect(kindOf(undefined, 'Premium only')).toBe('forbidden')
    expect(kindOf(undefined, 'Remote upload is available for premium users only')).toBe('forbidden')
    expect(kindOf(undefined, 'Upload server is busy')).toBe('server')
    expect(kindOf(403, undefined)).toBe('forbidden')
    expect(kindOf(403, 'Forbidden')).toBe('forbidden')
    expect(kindOf(403, 'Invalid key')).toBe('auth')
    expect(kindOf(401, undefined)).toBe('auth')
    expect(kindOf(undefined, 'Wrong API key')).toBe('auth')
  })
})

describe('an HTTP 403 without a JSON body', () => {
  it.each([
    ['a plain-text refusal of the action', 'text/plain', 'This function not allowed in API', 'forbidden'],
    ['a plain-text refusal of the key', 'text/plain', 'Invalid API key', 'auth'],
    ['a proxy page', 'text/html', '<html><h1>403 Forbidden</h1></html>', 'forbidden'],
    ['an empty body', 'text/plain', '', 'forbidden'],
  ])('%s', async (_what, type, body, kind) => {
    const fake = await startFakeHost((_q, res) => {
      res.writeHead(403, { 'content-type': type })
      res.end(body)
    })
    const c = new ApiClient({ baseUrl: fake.baseUrl, apiKey: 'k-123456', retries: 0 })
    try {
      const err = await failure(c.folderList(0))
      expect(err).toMatchObject({ kind, status: 403, operation: 'folder/list' })
      expect(err.message).toMatch(
        kind === 'auth' ? /rejected the API key while listing folders/ : /does not allow listing folders/,
      )
    } finally {
      await c.close()
      await fake.close()
    }
  })
})
