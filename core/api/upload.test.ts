import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import busboy from 'busboy'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { UploadProgress } from '../../shared/api/types.ts'
import { FiledockError } from '../../shared/errors.ts'
import { ApiClient } from './client.ts'
import { fileNameParams } from './multipart-upload.ts'

interface Received {
  headers: IncomingMessage['headers']
  fields: Record<string, string>
  fileName?: string | undefined
  bytes: number
  sha256: string
}

type Answer = (r: Received, res: ServerResponse) => void

/** An upload server in the style of the spec's op 4, plus upload/server, parsing the form with busboy. */
async function startUploadHost(
  answer: Answer,
  onRequest?: (req: IncomingMessage, res: ServerResponse) => boolean,
) {
  const received: Received[] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname === '/api/upload/server') {
      res.end(
        JSON.stringify({ status: 200, msg: 'OK', sess_id: 'sess123', result: `${base}/cgi-bin/upload.cgi` }),
      )
      return
    }
    if (onRequest && !onRequest(req, res)) return
    const r: Received = { headers: req.headers, fields: {}, bytes: 0, sha256: '' }
    const hash = createHash('sha256')
    const bb = busboy({ headers: req.headers, defParamCharset: 'utf8' })
    bb.on('field', (name, value) => {
      r.fields[name] = value
    })
    bb.on('file', (_name, stream, info) => {
      r.fileName = info.filename
      stream.on('data', (c: Buffer) => {
        r.bytes += c.length
        hash.update(c)
      })
    })
    bb.on('close', () => {
      r.sha256 = hash.digest('hex')
      received.push(r)
      answer(r, res)
    })
    req.pipe(bb)
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

const accept: Answer = (_r, res) =>
  res.end(JSON.stringify([{ file_code: 'up0000000001', file_status: 'OK' }]))

let dir: string
let big: string
let bigHash: string
const BIG = 24 * 1024 * 1024 + 123

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-upload-'))
  big = join(dir, 'big.bin')
  const data = randomBytes(BIG)
  bigHash = createHash('sha256').update(data).digest('hex')
  await writeFile(big, data)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

let host: Awaited<ReturnType<typeof startUploadHost>> | undefined
let client: ApiClient | undefined
afterEach(async () => {
  await client?.close()
  await host?.close()
})

async function setup(
  answer: Answer,
  opts: { idle?: number; onRequest?: (req: IncomingMessage, res: ServerResponse) => boolean } = {},
) {
  host = await startUploadHost(answer, opts.onRequest)
  client = new ApiClient({
    baseUrl: host.base,
    apiKey: 'k-123456',
    retries: 0,
    uploadIdleTimeoutMs: opts.idle ?? 10_000,
  })
  return { host, client }
}

describe('streamed multipart upload', () => {
  it('sends an exact Content-Length, no chunked encoding, every byte, and progress up to the total', async () => {
    const { host, client } = await setup(accept)
    const seen: UploadProgress[] = []
    const out = await client.upload(big, { onProgress: (p) => seen.push(p), progressIntervalMs: 0 })
    expect(out).toEqual({
      fileCode: 'up0000000001',
      link: `${host.base}/up0000000001`,
      size: BIG,
      name: 'big.bin',
    })
    const r = host.received[0]
    expect(r?.headers['transfer-encoding']).toBeUndefined()
    expect(Number(r?.headers['content-length'])).toBeGreaterThan(BIG)
    expect(r?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(r?.bytes).toBe(BIG)
    expect(r?.sha256).toBe(bigHash)
    expect(r?.fields).toEqual({ sess_id: 'sess123', utype: 'prem' })
    expect(r?.fileName).toBe('big.bin')
    expect(seen.at(-1)).toEqual({ bytesSent: BIG, totalBytes: BIG })
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]?.bytesSent).toBeGreaterThanOrEqual(seen[i - 1]?.bytesSent ?? 0)
  })

  it('sends every byte in order through the bandwidth limit too (the two body buffers are refilled only once sent)', async () => {
    const { host, client } = await setup(accept)
    let waits = 0
    const throttle = (bytes: number) => {
      waits += bytes
      // Every few slices the limit makes the body wait a timer turn, as a real token bucket does.
      return waits % (8 * 64 * 1024) === 0 ? new Promise<void>((r) => setTimeout(r, 1)) : Promise.resolve()
    }
    const out = await client.upload(big, { throttle })
    expect(out.size).toBe(BIG)
    expect(waits).toBe(BIG)
    expect(host.received[0]?.bytes).toBe(BIG)
    expect(host.received[0]?.sha256).toBe(bigHash)
  })

  it('throttles progress callbacks', async () => {
    const { client } = await setup(accept)
    let calls = 0
    await client.upload(big, { onProgress: () => calls++, progressIntervalMs: 60_000 })
    expect(calls).toBe(2) // the start and the end
  })

  it('uploads an empty file and keeps a non-ASCII name intact', async () => {
    const { host, client } = await setup(accept)
    const path = join(dir, 'empty.txt')
    await writeFile(path, '')
    const out = await client.upload(path, { fileName: 'Résumé "final" 日本.txt', utype: 'reg' })
    expect(out.size).toBe(0)
    expect(host.received[0]?.fileName).toBe('Résumé "final" 日本.txt')
    expect(host.received[0]?.fields.utype).toBe('reg')
    expect(host.received[0]?.bytes).toBe(0)
  })

  it('aborting mid-upload → cancelled, and the socket is closed', async () => {
    let closed = false
    const { client } = await setup(accept, {
      onRequest: (req) => {
        req.on('close', () => {
          closed = true
        })
        return true
      },
    })
    const ac = new AbortController()
    const err = await client
      .upload(big, {
        signal: ac.signal,
        progressIntervalMs: 0,
        onProgress: (p) => {
          if (p.bytesSent > 4 * 1024 * 1024) ac.abort()
        },
      })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FiledockError)
    expect((err as FiledockError).kind).toBe('cancelled')
    await expect.poll(() => closed, { timeout: 15_000 }).toBe(true)
  })

  it('a server that stops reading → timeout after the idle limit', async () => {
    const { client } = await setup(accept, {
      idle: 300,
      onRequest: (req) => {
        req.pause()
        return false
      },
    })
    const err = await client.upload(big).catch((e: unknown) => e)
    expect((err as FiledockError).kind).toBe('timeout')
  })
})

describe('an early answer', () => {
  it("a server that refuses before the body is complete (and keeps draining it) → the host's answer wins", async () => {
    const { client } = await setup(accept, {
      onRequest: (req, res) => {
        req.once('data', () => {
          res.end(JSON.stringify({ status: 404, msg: 'Upload session expired' }))
          req.resume()
        })
        return false
      },
    })
    const err = await client.upload(big).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FiledockError)
    expect((err as FiledockError).kind).toBe('not_found')
    expect((err as FiledockError).message).toMatch(/expired/)
  })
})

describe('the upload answer', () => {
  it.each<[string, string, string, RegExp]>([
    [
      'file_status other than OK',
      JSON.stringify([{ file_code: 'undef', file_status: 'file too big' }]),
      'server',
      /file too big/,
    ],
    ['code undef', JSON.stringify([{ file_code: 'undef', file_status: 'OK' }]), 'malformed', /file code/],
    ['an empty array', '[]', 'malformed', /when uploading a file/],
    ['an HTML page', '<html>error</html>', 'malformed', /HTML/],
    [
      'an envelope for an unknown session',
      JSON.stringify({ status: 404, msg: 'Upload session not found' }),
      'not_found',
      /session/,
    ],
  ])('%s', async (_what, body, kind, pattern) => {
    const { client } = await setup((_r, res) => res.end(body))
    const err = await client.upload(big).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FiledockError)
    expect((err as FiledockError).kind).toBe(kind)
    expect((err as FiledockError).message).toMatch(pattern)
    expect((err as FiledockError).operation).toBe('upload/file')
  })
})

describe('fileNameParams', () => {
  it('sends plain names plainly and adds filename* otherwise', () => {
    expect(fileNameParams('a b.txt')).toBe('filename="a b.txt"')
    expect(fileNameParams('a"b.txt')).toBe(`filename="a%22b.txt"; filename*=UTF-8''a%22b.txt`)
    expect(fileNameParams('é')).toBe(`filename="é"; filename*=UTF-8''%C3%A9`)
  })
})
