import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { ApiClient } from './client.ts'
import { failureOf } from './testing/fake-client.ts'

// Every operation and every error kind against the real sandbox host.
let dir: string
let sandbox: SandboxHandle
let client: ApiClient
let sample: string
const sampleBytes = randomBytes(300_000)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-sandbox-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'data'), seedFiles: 5 })
  client = new ApiClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.apiKey,
    retryPolicy: { baseDelayMs: 5, maxDelayMs: 20 },
  })
  sample = join(dir, 'sample file.bin')
  await writeFile(sample, sampleBytes)
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

afterEach(() => {
  sandbox.setFaults({
    latencyMs: 0,
    errorRate: 0,
    dropRate: 0,
    truncateRate: 0,
    nonJsonRate: 0,
    rateLimitRate: 0,
  })
})

const failure = (call: Promise<unknown>) => failureOf(call, sandbox.apiKey)

/** The sandbox refuses a bad session as soon as it reads sess_id and drains the rest, so its words arrive. */
function expectSessionRefused(err: FiledockError, words = /sess_id|session/i): void {
  expect(err.kind).toBe('not_found')
  expect(err.message).toMatch(words)
}

describe('every operation against the sandbox', () => {
  it('account/info and account/stats', async () => {
    const info = await client.accountInfo()
    expect(info.email).toBe('demo@sandbox.local')
    expect(info.storageLeft).toBe('unlimited')
    expect(typeof info.balance).toBe('number')
    const stats = await client.accountStats()
    expect(stats.length).toBeGreaterThan(0)
    expect(stats[0]).toMatchObject({ downloads: expect.any(Number), profitTotal: expect.any(Number) })
    expect(stats[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('upload/server + upload form, then file/info, direct_link (bytes round-trip) and file/list', async () => {
    const server = await client.uploadServer()
    expect(server.uploadUrl.startsWith(sandbox.baseUrl)).toBe(true)
    const up = await client.uploadFile(server, sample)
    expect(up.size).toBe(sampleBytes.length)
    const [info] = await client.fileInfo(up.fileCode)
    expect(info).toMatchObject({
      found: true,
      fileCode: up.fileCode,
      name: 'sample file.bin',
      size: sampleBytes.length,
    })

    const link = await client.directLink(up.fileCode)
    expect(link.size).toBe(sampleBytes.length)
    const body = Buffer.from(await (await fetch(link.url)).arrayBuffer())
    expect(createHash('sha256').update(body).digest('hex')).toBe(
      createHash('sha256').update(sampleBytes).digest('hex'),
    )

    const list = await client.fileList({ name: 'sample file', perPage: 10 })
    expect(list.files.map((f) => f.fileCode)).toContain(up.fileCode)
    expect(list.resultsTotal).toBeGreaterThanOrEqual(1)
  })

  it('file/info with several codes, one unknown', async () => {
    const { fileCode } = await client.upload(sample)
    const out = await client.fileInfo([fileCode, 'zzzzzzzzzzzz'])
    expect(out.map((r) => [r.fileCode, r.found])).toEqual([
      [fileCode, true],
      ['zzzzzzzzzzzz', false],
    ])
  })

  it('rename, clone, folders and set_folder', async () => {
    const up = await client.upload(sample, { fileName: 'before.bin' })
    expect(up.link).toBe(`${sandbox.baseUrl}/${up.fileCode}`)
    await client.fileRename(up.fileCode, 'after.bin')
    expect((await client.fileInfo(up.fileCode))[0]).toMatchObject({ name: 'after.bin' })

    const clone = await client.fileClone(up.fileCode)
    expect(clone.fileCode).not.toBe(up.fileCode)
    expect(clone.url).toContain(clone.fileCode)

    const { fldId } = await client.folderCreate('Inbox')
    expect(fldId).toBeGreaterThan(0)
    await client.folderRename(fldId, 'Archive')
    await client.fileSetFolder(up.fileCode, fldId)
    const inFolder = await client.folderList(fldId)
    expect(inFolder.files.map((f) => f.fileCode)).toEqual([up.fileCode])
    const root = await client.folderList()
    expect(root.folders.find((f) => f.fldId === fldId)?.name).toBe('Archive')
    const listed = await client.fileList({ fldId })
    expect(listed.files.map((f) => f.fileCode)).toEqual([up.fileCode])
  })

  it('files/check in order, across several batches', async () => {
    const { fileCode, size } = await client.upload(sample)
    const bogus = Array.from({ length: 120 }, (_, i) => `${sandbox.baseUrl}/${String(i).padStart(12, 'q')}`)
    const urls = [`${sandbox.baseUrl}/${fileCode}`, ...bogus, `${sandbox.baseUrl}/${fileCode}/x.html`]
    const out = await client.filesCheck(urls)
    expect(out).toHaveLength(urls.length)
    expect(out[0]).toEqual({ url: urls[0], found: true, fileSize: size })
    expect(out.at(-1)).toEqual({ url: urls.at(-1), found: true, fileSize: size })
    expect(out.slice(1, -1).every((e) => !e.found)).toBe(true)
  })

  it('files/deleted', async () => {
    const { fileCode } = await client.upload(sample)
    const res = await fetch(
      `${sandbox.baseUrl}/sandbox/file/delete?key=${sandbox.apiKey}&file_code=${fileCode}`,
    )
    expect(res.ok).toBe(true)
    const deleted = await client.filesDeleted()
    expect(deleted[0]).toMatchObject({ fileCode, name: 'sample file.bin', deletedAgoSec: expect.any(Number) })
  })

  it('upload/url (both forms)', async () => {
    const payload = randomBytes(5000)
    const origin: Server = createServer((_req, res) => res.end(payload))
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r))
    try {
      const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/remote-${Date.now()}.bin`
      expect(await client.uploadRemote(url)).toEqual({ message: 'WORKING' })
      let found: string | undefined
      for (let i = 0; i < 100 && !found; i++) {
        found = (await client.fileList({ name: 'remote-' })).files[0]?.fileCode
        if (!found) await new Promise((r) => setTimeout(r, 50))
      }
      expect(found).toBeDefined()
      expect(await client.uploadRemoteStatus(found as string)).toMatchObject({ fileCode: found })
    } finally {
      await new Promise((r) => origin.close(r))
    }
  })
})

describe('every error kind against the sandbox', () => {
  it('auth: a wrong key', async () => {
    const bad = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: 'wrong-key-123' })
    const err = await failure(bad.accountInfo())
    await bad.close()
    expect(err.kind).toBe('auth')
    expect(err.message).not.toContain('wrong-key-123')
  })

  it('not_found: unknown file, folder, upload session', async () => {
    expect((await failure(client.directLink('zzzzzzzzzzzz'))).kind).toBe('not_found')
    expect((await failure(client.fileRename('zzzzzzzzzzzz', 'x'))).kind).toBe('not_found')
    expect((await failure(client.folderList(999_999))).kind).toBe('not_found')
    const server = await client.uploadServer()
    expectSessionRefused(await failure(client.uploadFile({ ...server, sessId: 'nosuchsession' }, sample)))
  })

  it('invalid_input: refused by the host (renaming the root folder) and caught before the network', async () => {
    expect((await failure(client.folderRename(0, 'x'))).kind).toBe('invalid_input')
    expect((await failure(client.fileRename('bad code!', 'x'))).kind).toBe('invalid_input')
  })

  it('server: a quota refusal in the upload answer, and 5xx', async () => {
    const { apiKey } = await sandbox.createAccount('small@sandbox.local', { quotaBytes: 10 } as never)
    const small = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey })
    const err = await failure(small.upload(sample))
    await small.close()
    expect(err.kind).toBe('server')
    expect(err.message).toMatch(/storage/i)
    sandbox.setFaults({ errorRate: 1 })
    const noRetry = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, retries: 0 })
    expect((await failure(noRetry.accountInfo())).kind).toBe('server')
    await noRetry.close()
  })

  it('rate_limited with Retry-After', async () => {
    sandbox.setFaults({ rateLimitRate: 1, retryAfterSec: 120 })
    const err = await failure(client.accountInfo())
    expect(err.kind).toBe('rate_limited')
    expect(err.retryAfterMs).toBe(120_000)
  })

  it('network: dropped connections; malformed: HTML and truncated answers', async () => {
    const noRetry = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, retries: 0 })
    try {
      sandbox.setFaults({ dropRate: 1 })
      expect((await failure(noRetry.folderList())).kind).toBe('network')
      sandbox.setFaults({ dropRate: 0, nonJsonRate: 1 })
      const html = await failure(noRetry.folderList())
      // The sandbox sends its HTML page with HTTP 200 (unreadable: malformed) or 502 (a failing host: server).
      expect(['malformed', 'server']).toContain(html.kind)
      expect(html.message).toContain('HTML')
      sandbox.setFaults({ nonJsonRate: 0, truncateRate: 1 })
      // Cut short with a matching Content-Length (malformed) or with the connection closed (network).
      expect(['malformed', 'network']).toContain((await failure(noRetry.folderList())).kind)
    } finally {
      await noRetry.close()
    }
  })

  it('timeout and cancelled', async () => {
    sandbox.setFaults({ latencyMs: 1000 })
    const slow = new ApiClient({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      retries: 0,
      timeoutMs: 150,
    })
    expect((await failure(slow.accountInfo())).kind).toBe('timeout')
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 50)
    expect((await failure(slow.accountInfo({ signal: ac.signal }))).kind).toBe('cancelled')
    await slow.close()
  })

  it('reads get through a flaky host thanks to retries', async () => {
    sandbox.setFaults({ errorRate: 0.3, dropRate: 0.1 })
    const patient = new ApiClient({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      retries: 12,
      retryPolicy: { baseDelayMs: 1, maxDelayMs: 5 },
    })
    for (let i = 0; i < 10; i++) expect((await patient.folderList()).folders.length).toBeGreaterThan(0)
    await patient.close()
  })
})

describe('upload session expiry', () => {
  it('an expired session → not_found', async () => {
    const sb = await startSandbox({ dataDir: join(dir, 'short'), uploadSessionTtlSec: 1 })
    const c = new ApiClient({ baseUrl: sb.baseUrl, apiKey: sb.apiKey })
    try {
      const server = await c.uploadServer()
      await new Promise((r) => setTimeout(r, 1100))
      expectSessionRefused(await failure(c.uploadFile(server, sample)), /expired/)
    } finally {
      await c.close()
      await sb.close()
    }
  })
})
