import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { noFaults } from '../../sandbox/faults.ts'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { deleteFile, servedRanges, upload } from '../../sandbox/testing/api-calls.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { classify } from '../queue/failures.ts'
import { ApiClient } from './client.ts'
import { BodyCut, type BytesAnswer, LinkGone, type RangeAnswer } from './file-server.ts'
import { TransportStall } from './request-trace.ts'
import { failureOf as failureWithout } from './testing/fake-client.ts'
import { startFakeHost } from './testing/fake-host.ts'

// Ranged GETs against the sandbox's file server (nginx's rules, fault flags) and, for what it never does wrong,
// scripted fake hosts.
let dir: string
let sandbox: SandboxHandle
let client: ApiClient
let code: string
const data = randomBytes(300_000)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-file-server-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'data') })
  client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, downloadIdleTimeoutMs: 5_000 })
  code = await uploadBytes('sample file.bin', data)
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

afterEach(() => sandbox.setFaults(noFaults))

async function uploadBytes(name: string, bytes: Buffer): Promise<string> {
  const file = join(dir, `${name}.src`)
  await writeFile(file, bytes)
  return (await client.upload(file, { fileName: name })).fileCode
}

const link = async (file = code) => (await client.directLink(file)).url

function bytesOf(answer: RangeAnswer): BytesAnswer {
  if (answer.status === 416) throw new Error('expected bytes, got 416')
  return answer
}

async function read(answer: RangeAnswer): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of bytesOf(answer).body) chunks.push(c)
  return Buffer.concat(chunks)
}

/** The typed error a call fails with (its message never holds the key). */
const failureOf = (call: Promise<unknown>) => failureWithout(call, sandbox.apiKey)

/** The secret part of a direct link: everything between the origin and the file's name. */
const tokenOf = (url: string) => new URL(url).pathname.split('/').slice(0, -1).join('/')

describe('answers with bytes', () => {
  it('a range from the middle: 206, the bytes from there, the file size and a strong ETag', async () => {
    const answer = bytesOf(await client.openRange(await link(), { start: 100_000 }))
    expect(answer).toMatchObject({ status: 206, start: 100_000, length: 200_000, total: data.length })
    expect(answer.validator).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect((await read(answer)).equals(data.subarray(100_000))).toBe(true)
  })

  it('from 0 without an end: a plain GET (no Range header), 200 with the whole file', async () => {
    await servedRanges(sandbox, { clear: true })
    const answer = await client.openRange(await link(), { start: 0 })
    expect(answer).toMatchObject({ status: 200, start: 0, total: data.length })
    expect((await read(answer)).equals(data)).toBe(true)
    const [served] = (await servedRanges(sandbox, { codes: [code] })).files[code] ?? []
    expect(served?.range).toBeNull()
  })

  it('a closed range: exactly those bytes', async () => {
    const answer = await client.openRange(await link(), { start: 10, end: 19 })
    expect(answer).toMatchObject({ status: 206, start: 10, length: 10 })
    expect((await read(answer)).equals(data.subarray(10, 20))).toBe(true)
  })

  it('If-Range with the validator an earlier answer gave keeps the range; another one gets the whole file', async () => {
    const url = await link()
    const first = bytesOf(await client.openRange(url, { start: 0, end: 0 }))
    await read(first)
    const same = await client.openRange(url, { start: 5, ifRange: first.validator })
    expect(same).toMatchObject({ status: 206, start: 5 })
    await read(same)
    const changed = await client.openRange(url, { start: 5, ifRange: '"another-file"' })
    expect(changed).toMatchObject({ status: 200, start: 0, total: data.length })
    expect((await read(changed)).equals(data)).toBe(true)
  })

  it('a host that ignores Range: 200 from byte 0, said by start 0', async () => {
    sandbox.setFaults({ ignoreRangeRate: 1 })
    const answer = await client.openRange(await link(), { start: 123 })
    expect(answer).toMatchObject({ status: 200, start: 0, total: data.length })
    expect((await read(answer)).equals(data)).toBe(true)
  })

  it('a range at the end of the file: 416 with the size, no error', async () => {
    expect(await client.openRange(await link(), { start: data.length })).toEqual({
      status: 416,
      total: data.length,
    })
  })

  it('follows a redirect to the file server, checking the answer there', async () => {
    const url = await link()
    const front = await startFakeHost((_req, res) => {
      res.writeHead(302, { location: url })
      res.end()
    })
    try {
      const answer = await client.openRange(`${front.baseUrl}/go/x.bin`, { start: 299_990 })
      expect(answer).toMatchObject({ status: 206, start: 299_990 })
      expect((await read(answer)).equals(data.subarray(299_990))).toBe(true)
    } finally {
      await front.close()
    }
  })
})

describe('refusals', () => {
  it('an expired link: LinkGone with 403 (or 410), which the caller answers with a fresh link', async () => {
    sandbox.setFaults({ directLinkTtlSec: 0.001 })
    const url = await link()
    await sleep(20)
    const err = await failureOf(client.openRange(url, { start: 0 }))
    expect(err).toBeInstanceOf(LinkGone)
    expect(err).toMatchObject({ kind: 'not_found', status: 403, operation: 'file/download' })
    expect(err.message).toMatch(/expired/)
    expect(err.message).not.toContain(tokenOf(url))
    expect(err.message).toContain('/…/sample file.bin')

    sandbox.setFaults({ expiredLinkStatus: 410 })
    expect(await failureOf(client.openRange(url, { start: 0 }))).toMatchObject({ status: 410 })
    sandbox.setFaults({ directLinkTtlSec: 3600 })
    expect((await read(await client.openRange(await link(), { start: 0 }))).length).toBe(data.length)
  })

  it('a deleted file: LinkGone with 404', async () => {
    const gone = await upload(sandbox, 'gone.txt', 'soon gone')
    const url = await link(gone)
    await deleteFile(sandbox, gone)
    const err = await failureOf(client.openRange(url, { start: 0 }))
    expect(err).toBeInstanceOf(LinkGone)
    expect(err.status).toBe(404)
    // In the window's language, the link as it may be shown (a value) as it is.
    const where = /\((http:[^)]*)\)/.exec(err.message)?.[1]
    expect(where).toContain('/…/gone.txt')
    expect(errorText(await intlFor('es'), err)).toBe(
      `El servidor de archivos rechazó el enlace de descarga con HTTP 404 (${where}): caducó o el archivo ya no existe. Hace falta un enlace nuevo.`,
    )
  })

  it('429 with Retry-After: rate_limited, which the queue retries after that long', async () => {
    sandbox.setFaults({ downloadRateLimitRate: 1, retryAfterSec: 7 })
    const err = await failureOf(client.openRange(await link(), { start: 0 }))
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 7000 })
    expect(classify(err)).toMatchObject({ kind: 'retry', retryAfterMs: 7000 })
  })

  it('5xx: server with the status, which the queue retries', async () => {
    sandbox.setFaults({ downloadErrorRate: 1 })
    const err = await failureOf(client.openRange(await link(), { start: 0 }))
    expect(err.kind).toBe('server')
    expect([500, 502, 503]).toContain(err.status)
    expect(classify(err).kind).toBe('retry')
  })

  it('another 4xx is the host’s considered refusal: not retried', async () => {
    const host = await startFakeHost((_req, res) => {
      res.writeHead(401)
      res.end('no')
    })
    try {
      const err = await failureOf(client.openRange(`${host.baseUrl}/d/tok/a.bin`, { start: 0 }))
      expect(err).toMatchObject({ kind: 'server', status: 401 })
      expect(classify(err).kind).toBe('fail')
    } finally {
      await host.close()
    }
  })
})

describe('cut bodies', () => {
  it('a reset part-way: BodyCut (network) saying how many bytes arrived, all of them right', async () => {
    sandbox.setFaults({ downloadDropRate: 1 })
    const answer = bytesOf(await client.openRange(await link(), { start: 1000 }))
    const chunks: Buffer[] = []
    const err = await failureOf(
      (async () => {
        for await (const c of answer.body) chunks.push(c)
      })(),
    )
    expect(err).toBeInstanceOf(BodyCut)
    const cut = err as BodyCut
    expect(cut.kind).toBe('network')
    expect(cut.expected).toBe(data.length - 1000)
    expect(cut.received).toBe(Buffer.concat(chunks).length)
    expect(cut.received).toBeLessThan(cut.expected)
    expect(Buffer.concat(chunks).equals(data.subarray(1000, 1000 + cut.received))).toBe(true)
    expect(err.message).toContain(`after ${cut.received} of ${cut.expected} bytes`)
  })

  it('a clean close before Content-Length: BodyCut too', async () => {
    sandbox.setFaults({ downloadShortRate: 1 })
    const answer = bytesOf(await client.openRange(await link(), { start: 0 }))
    let got = 0
    const err = await failureOf(
      (async () => {
        for await (const c of answer.body) got += c.length
      })(),
    )
    expect(err).toBeInstanceOf(BodyCut)
    expect((err as BodyCut).received).toBe(got)
    expect(got).toBeLessThan(data.length)
  })
})

describe('answers that do not add up are refused as malformed', () => {
  const cases: Array<[string, number, Record<string, string>]> = [
    ['206 starting elsewhere', 206, { 'content-range': 'bytes 0-9/100', 'content-length': '10' }],
    ['206 without Content-Range', 206, { 'content-length': '10' }],
    ['206 with an unreadable Content-Range', 206, { 'content-range': 'bytes=50-59/100' }],
    ['206 whose length disagrees', 206, { 'content-range': 'bytes 50-59/100', 'content-length': '9' }],
    ['206 past the end of the file', 206, { 'content-range': 'bytes 50-100/100', 'content-length': '51' }],
    ['204', 204, {}],
  ]
  it.each(cases)('%s', async (_what, status, headers) => {
    const host = await startFakeHost((_req, res) => {
      res.writeHead(status, headers)
      res.end(status === 204 ? undefined : Buffer.alloc(Number(headers['content-length'] ?? 0)))
    })
    try {
      const err = await failureOf(client.openRange(`${host.baseUrl}/d/secret-token/a.bin`, { start: 50 }))
      expect(err.kind).toBe('malformed')
      expect(err.message).not.toContain('secret-token')
      expect(err.message).toContain('/…/a.bin')
    } finally {
      await host.close()
    }
  })
})

describe('time limits and cancel', () => {
  it('a server that stops sending: timeout after the idle limit', async () => {
    const host = await startFakeHost((_req, res) => {
      res.writeHead(200, { 'content-length': '100' })
      res.write(Buffer.alloc(10))
    })
    const quick = new ApiClient({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      downloadIdleTimeoutMs: 150,
    })
    try {
      const answer = bytesOf(await quick.openRange(`${host.baseUrl}/d/t/a.bin`, { start: 0 }))
      const err = await failureOf(read(answer))
      expect(err.kind).toBe('timeout')
      // What the request did on the wire goes with it: in the body, 10 bytes came and were read.
      expect(err.cause).toBeInstanceOf(TransportStall)
      expect(err.cause).toMatchObject({ phase: 'body', delivered: 10, read: 10 })
      expect((err.cause as TransportStall).sinceLastChunkMs).toEqual(expect.any(Number))
    } finally {
      await quick.close()
      await host.close()
    }
  })

  it('a server that never answers: timeout, its cause saying the headers never came', async () => {
    const host = await startFakeHost(() => new Promise<void>(() => {}))
    const quick = new ApiClient({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      downloadIdleTimeoutMs: 150,
    })
    try {
      const err = await failureOf(quick.openRange(`${host.baseUrl}/d/t/a.bin`, { start: 0 }))
      expect(err.kind).toBe('timeout')
      expect(err.cause).toMatchObject({ phase: 'headers', delivered: 0, read: 0, sinceLastChunkMs: null })
      expect(err.message).toBe(
        `The host did not answer within 150 ms while downloading a file (${host.baseUrl}/…/a.bin). Check the connection or try again.`,
      )
    } finally {
      await quick.close()
      await host.close()
    }
  })

  it('a slow reader (the bandwidth limit, the disk) is not a stalled server', async () => {
    const quick = new ApiClient({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      downloadIdleTimeoutMs: 1000,
    })
    try {
      const answer = bytesOf(await quick.openRange(await link(), { start: 0 }))
      let got = 0
      for await (const c of answer.body) {
        got += c.length
        if (got === c.length) await sleep(2500)
      }
      expect(got).toBe(data.length)
    } finally {
      await quick.close()
    }
  })

  it('an abort mid-body: cancelled', async () => {
    sandbox.setFaults({ downloadBytesPerSec: 50_000 })
    const controller = new AbortController()
    const answer = bytesOf(await client.openRange(await link(), { start: 0, signal: controller.signal }))
    const err = await failureOf(
      (async () => {
        for await (const _ of answer.body) controller.abort()
      })(),
    )
    expect(err.kind).toBe('cancelled')
  })

  it('close() lets go of a body not read', async () => {
    await servedRanges(sandbox, { clear: true })
    sandbox.setFaults({ downloadBytesPerSec: 50_000 })
    const answer = bytesOf(await client.openRange(await link(), { start: 0 }))
    answer.body.close()
    await expect
      .poll(async () => (await servedRanges(sandbox, { codes: [code] })).files[code]?.[0]?.outcome)
      .toBe('client-gone')
  })
})

describe('one connection to the file server', () => {
  /** Clients sharing a pool of one connection: whatever holds it keeps every other request waiting. */
  function onOneConnection(idleTimeoutMs: number[]) {
    const pool = new Agent({ connections: 1 })
    const clients = idleTimeoutMs.map(
      (ms) =>
        new ApiClient({
          baseUrl: sandbox.baseUrl,
          apiKey: sandbox.apiKey,
          dispatcher: pool,
          downloadIdleTimeoutMs: ms,
        }),
    )
    const close = async () => {
      for (const c of clients) await c.close()
      await pool.destroy()
    }
    return { clients, close }
  }

  it('a redirect whose Location cannot be read lets go of its body: the next request gets the connection', async () => {
    const host = await startFakeHost((req, res) => {
      if (req.url.pathname.startsWith('/bad/')) {
        // More than undici's body buffer: unread, it would stay paused on the socket.
        res.writeHead(302, { location: 'http://[::1', 'content-length': String(1 << 20) })
        res.end(Buffer.alloc(1 << 20))
        return
      }
      res.writeHead(200, { 'content-length': '5' })
      res.end('sound')
    })
    const { clients, close } = onOneConnection([60_000])
    const [one] = clients as [ApiClient]
    try {
      await failureOf(one.openRange(`${host.baseUrl}/bad/t/a.bin`, { start: 0 }))
      const answer = await one.openRange(`${host.baseUrl}/d/t/b.bin`, { start: 0 })
      expect((await read(answer)).toString()).toBe('sound')
    } finally {
      await close()
      await host.close()
    }
  })

  it('an idle limit that ends while the request waits for the connection fails it then, and it is never sent', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const host = await startFakeHost(async (req, res) => {
      res.writeHead(200, { 'content-length': '10' })
      if (req.url.pathname.startsWith('/held/')) {
        res.write(Buffer.alloc(5))
        await held
      }
      res.end(Buffer.alloc(req.url.pathname.startsWith('/held/') ? 5 : 10))
    })
    const { clients, close } = onOneConnection([60_000, 200])
    const [patient, hasty] = clients as [ApiClient, ApiClient]
    try {
      const first = bytesOf(await patient.openRange(`${host.baseUrl}/held/t/a.bin`, { start: 0 }))
      const err = await failureOf(hasty.openRange(`${host.baseUrl}/d/t/b.bin`, { start: 0 }))
      expect(err.kind).toBe('timeout')
      expect(err.cause).toMatchObject({ phase: 'queued', delivered: 0 })
      release()
      expect((await read(first)).length).toBe(10)
      // The pool serves on: the waiting request left the queue without being written.
      expect((await read(await patient.openRange(`${host.baseUrl}/d/t/c.bin`, { start: 0 }))).length).toBe(10)
      expect(host.requests.map((r) => r.url.pathname)).toEqual(['/held/t/a.bin', '/d/t/c.bin'])
    } finally {
      release()
      await close()
      await host.close()
    }
  })
})
