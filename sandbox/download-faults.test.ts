import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import http from 'node:http'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { noFaults } from './faults.ts'
import { Pacer } from './send-body.ts'
import type { TestSandbox } from './test-support.ts'
import {
  expectOk,
  getJson,
  openSandbox,
  rawRequest,
  sandboxForAll,
  socketRequest,
  tempDirsForAll,
  waitFor,
} from './test-support.ts'
import { servedRanges } from './testing/api-calls.ts'

/** The download faults, each seen by a plain client: bare sockets, node:http and fetch. */

const t = sandboxForAll()
const tempDir = tempDirsForAll()
afterEach(() => t.sb.setFaults(noFaults))

const size = 1 << 20
const data = randomBytes(size)
let code: string
beforeAll(async () => {
  const [row] = await t.upload([{ name: 'faulty.bin', data }])
  code = row.file_code
})
const link = async (sb: TestSandbox = t, file = code): Promise<string> =>
  (await sb.api('file/direct_link', { file_code: file })).result.url

describe('cut bodies', () => {
  it('a drop resets the connection part-way: fewer bytes than Content-Length, then ECONNRESET', async () => {
    t.sb.setFaults({ downloadDropRate: 1 })
    await servedRanges(t.sb, { clear: true })
    for (let i = 0; i < 3; i++) {
      const answer = await socketRequest(await link())
      expect(answer.status).toBe(200)
      expect(answer.headers['content-length']).toBe(String(size))
      expect(answer.body.length).toBeLessThan(size)
      expect(answer.body.equals(data.subarray(0, answer.body.length))).toBe(true)
      expect(answer.error).toBe('ECONNRESET')
    }
    const served = (await servedRanges(t.sb, { codes: [code] })).files[code] ?? []
    expect(served.map((s) => s.outcome)).toEqual(['drop', 'drop', 'drop'])
    for (const s of served) expect(s.sent).toBeLessThan(size)

    const res = await fetch(await link(), { headers: { Range: 'bytes=1000-' } })
    expect(res.status).toBe(206)
    await expect(res.arrayBuffer()).rejects.toThrow()
  })

  it('a short answer ends cleanly after fewer bytes than Content-Length', async () => {
    t.sb.setFaults({ downloadShortRate: 1 })
    await servedRanges(t.sb, { clear: true })
    const answer = await socketRequest(await link(), { headers: { Range: 'bytes=500000-' } })
    expect(answer.status).toBe(206)
    expect(answer.headers['content-length']).toBe(String(size - 500_000))
    expect(answer.error).toBeNull()
    expect(answer.body.length).toBeLessThan(size - 500_000)
    expect(answer.body.equals(data.subarray(500_000, 500_000 + answer.body.length))).toBe(true)
    const [served] = (await servedRanges(t.sb, { codes: [code] })).files[code] ?? []
    expect(served).toMatchObject({ status: 206, start: 500_000, end: size - 1, outcome: 'short' })
    expect(served?.sent).toBe(answer.body.length)

    const viaHttp = await rawRequest(await link())
    expect(viaHttp.error?.message).toMatch(/aborted/)
    expect(viaHttp.body.length).toBeLessThan(size)
  })

  it('HEAD and empty bodies are never cut', async () => {
    t.sb.setFaults({ downloadDropRate: 1, downloadShortRate: 1 })
    const head = await socketRequest(await link(), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.error).toBeNull()
    const [empty] = await t.upload([{ name: 'empty.bin', data: '' }])
    const res = await fetch(await link(t, empty.file_code))
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })
})

describe('refusals', () => {
  it('5xx and 429 with Retry-After come as a file server sends them; the API is not affected', async () => {
    t.sb.setFaults({ downloadErrorRate: 1, downloadDropRate: 1 })
    const before = (await t.api('file/info', { file_code: code })).result[0].downloads
    for (let i = 0; i < 4; i++) {
      const res = await fetch(await link(), { headers: { Range: 'bytes=0-' } })
      expect([500, 502, 503]).toContain(res.status)
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
      await res.text()
    }
    t.sb.setFaults({ downloadErrorRate: 0, downloadRateLimitRate: 1, retryAfterSec: 7 })
    const limited = await fetch(await link())
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    await limited.text()
    expectOk(await t.api('account/info'))
    expect((await t.api('file/info', { file_code: code })).result[0].downloads).toBe(before)
  })

  it('the API faults leave downloads alone', async () => {
    const url = await link()
    t.sb.setFaults({ errorRate: 1, dropRate: 1, rateLimitRate: 1 })
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true)
  })
})

describe('ignored ranges', () => {
  it('a host ignoring Range answers 200 with the whole body and does not offer ranges', async () => {
    t.sb.setFaults({ ignoreRangeRate: 1 })
    const res = await fetch(await link(), { headers: { Range: 'bytes=1000-1999' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-range')).toBeNull()
    expect(res.headers.get('accept-ranges')).toBeNull()
    expect(res.headers.get('content-length')).toBe(String(size))
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true)
    const head = await rawRequest(await link(), { method: 'HEAD' })
    expect(head.headers['accept-ranges']).toBeUndefined()
  })
})

describe('link expiry', () => {
  /** Waits until a direct link's own expiry time (in its token) has passed. */
  const untilExpired = async (url: string) => {
    const expiry = Number.parseInt(new URL(url).pathname.split('/')[2]?.split('.')[1] ?? '', 36)
    await new Promise((r) => setTimeout(r, Math.max(0, expiry - Date.now()) + 20))
  }

  it('a link answers 403 once its time is up; a fresh direct_link works; 410 when configured', async () => {
    t.sb.setFaults({ directLinkTtlSec: 2 })
    const url = await link()
    expect((await rawRequest(url, { headers: { Range: 'bytes=0-9' } })).status).toBe(206)
    await untilExpired(url)
    const expired = await rawRequest(url, { headers: { Range: 'bytes=10-' } })
    expect(expired.status).toBe(403)
    expect(expired.body.toString()).toMatch(/expired/)
    expect((await rawRequest(url, { method: 'HEAD' })).status).toBe(403)
    const fresh = await fetch(await link())
    expect(fresh.status).toBe(200)
    expect(Buffer.from(await fresh.arrayBuffer()).equals(data)).toBe(true)

    t.sb.setFaults({ directLinkTtlSec: 0, expiredLinkStatus: 410 })
    const gone = await link()
    await untilExpired(gone)
    expect((await rawRequest(gone)).status).toBe(410)
  })

  it('a body already going when the link expires is sent whole', async () => {
    t.sb.setFaults({ directLinkTtlSec: 1, downloadBytesPerSec: 256 * 1024 })
    const url = await link()
    const res = await fetch(url, { headers: { Range: `bytes=${size - 512 * 1024}-` } })
    expect(res.status).toBe(206)
    expect(Buffer.from(await res.arrayBuffer()).equals(data.subarray(size - 512 * 1024))).toBe(true)
    await untilExpired(url) // long past already: the body took about 2 s
    expect((await rawRequest(url)).status).toBe(403)
  })

  it('refuses an expired-link status other than 403 or 410', async () => {
    const body = await getJson(`${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}&expired_link_status=404`)
    expect(body.status).toBe(400)
    expect(body.msg).toMatch(/403, 410/)
  })
})

describe('pacing', () => {
  it('the pacer lets a tenth of a second of bytes out at a time, each when it is due', () => {
    const pacer = new Pacer(100_000, 1_000)
    expect(pacer.slice).toBe(10_000)
    // Simulated clock: send 1 MB slice by slice, waiting as told; the last slice goes out after 9.9 s.
    let now = 1_000
    let sent = 0
    const waits: number[] = []
    while (sent < 1_000_000) {
      const wait = pacer.waitMs(sent, now)
      waits.push(wait)
      now += wait
      sent += pacer.slice
    }
    expect(now - 1_000).toBe(9_900)
    expect(waits[0]).toBe(0)
    expect(new Set(waits.slice(1))).toEqual(new Set([100]))
    // A slow reader that fell behind is not made to wait again for time already spent.
    expect(pacer.waitMs(50_000, 1_000 + 2_000)).toBe(0)
  })

  it('a paced download is still going while the client reads its first bytes, and is exact when done', async () => {
    const big = Buffer.alloc(4 << 20, 7)
    const [row] = await t.upload([{ name: 'slow.bin', data: big }])
    t.sb.setFaults({ downloadBytesPerSec: 64 * 1024 })
    const url = await link(t, row.file_code)
    const req = http.get(url)
    const [res] = (await once(req, 'response')) as [http.IncomingMessage]
    await once(res, 'data')
    const [going] = (await servedRanges(t.sb, { codes: [row.file_code] })).files[row.file_code] ?? []
    req.on('error', () => undefined)
    req.destroy()
    expect(going?.outcome).toBe('sending')
    expect(going?.sent).toBeLessThan(big.length / 4)
    const left = await waitFor(async () => {
      const [served] = (await servedRanges(t.sb, { codes: [row.file_code] })).files[row.file_code] ?? []
      return served?.outcome === 'sending' ? undefined : served
    })
    expect(left.outcome).toBe('client-gone')

    t.sb.setFaults({ downloadBytesPerSec: 1 << 20 })
    const paced = await fetch(await link(), { headers: { Range: 'bytes=800000-' } })
    expect(Buffer.from(await paced.arrayBuffer()).equals(data.subarray(800_000))).toBe(true)
  })
})

describe('seeded', () => {
  /** What 30 range requests meet on a sandbox with every download fault on, as the host's log tells it. */
  async function outcomes(seed: number): Promise<unknown[]> {
    const sb = await openSandbox({
      faultSeed: seed,
      faults: {
        downloadDropRate: 0.2,
        downloadShortRate: 0.2,
        downloadErrorRate: 0.15,
        downloadRateLimitRate: 0.1,
        ignoreRangeRate: 0.3,
      },
    })
    try {
      const [row] = await sb.upload([{ name: 'same.bin', data }])
      const url = await link(sb, row.file_code)
      for (let i = 0; i < 30; i++) await socketRequest(url, { headers: { Range: `bytes=${i * 1000}-` } })
      const served = (await servedRanges(sb.sb)).files[row.file_code] ?? []
      return served.map(({ status, start, end, sent, outcome }) => ({ status, start, end, sent, outcome }))
    } finally {
      await sb.stop()
    }
  }

  it('the same seed replays the same download faults, cut at the same bytes; another seed does not', async () => {
    const first = await outcomes(4242)
    const kinds = new Set(
      first.map((o) => `${(o as { status: number }).status}:${(o as { outcome: string }).outcome}`),
    )
    for (const kind of ['206:complete', '200:complete', '206:drop', '206:short', '429:complete'])
      expect(kinds).toContain(kind)
    expect(await outcomes(4242)).toEqual(first)
    expect(await outcomes(7)).not.toEqual(first)
  })
})

describe('flags', () => {
  it('npm run sandbox takes the download faults and link settings as flags, and --help names them', async () => {
    const main = join(import.meta.dirname, 'main.ts')
    const dir = await tempDir()
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      main,
      '--data',
      dir,
      '--fault-download-drop-rate',
      '0.1',
      '--fault-download-short-rate',
      '0.2',
      '--fault-download-error-rate',
      '0.3',
      '--fault-download-429-rate',
      '0.4',
      '--fault-ignore-range-rate',
      '1',
      '--fault-download-bytes-per-sec',
      '5000',
      '--direct-link-ttl',
      '60',
      '--direct-link-expired-status',
      '410',
    ])
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer]
      const ready = JSON.parse(line.toString()) as { baseUrl: string; apiKey: string }
      const body = await getJson(`${ready.baseUrl}/sandbox/faults?key=${ready.apiKey}`)
      expect(body.result).toEqual({
        ...noFaults,
        downloadDropRate: 0.1,
        downloadShortRate: 0.2,
        downloadErrorRate: 0.3,
        downloadRateLimitRate: 0.4,
        ignoreRangeRate: 1,
        downloadBytesPerSec: 5000,
        directLinkTtlSec: 60,
        expiredLinkStatus: 410,
      })
    } finally {
      child.kill('SIGTERM')
      await once(child, 'close')
    }
    const help = spawn(process.execPath, ['--import', 'tsx', main, '--help'])
    let text = ''
    help.stderr.on('data', (d: Buffer) => {
      text += d
    })
    await once(help, 'close')
    for (const flag of [
      '--fault-download-drop-rate',
      '--fault-download-short-rate',
      '--fault-download-error-rate',
      '--fault-download-429-rate',
      '--fault-ignore-range-rate',
      '--fault-download-bytes-per-sec',
      '--direct-link-ttl',
      '--direct-link-expired-status',
    ])
      expect(text).toContain(flag)
  })
})
