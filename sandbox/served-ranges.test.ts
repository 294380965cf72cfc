import { once } from 'node:events'
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { ServedRanges } from './served-ranges.ts'
import { expectError, getJson, rawRequest, sandboxForAll, waitFor } from './test-support.ts'
import { deleteFile, servedRanges } from './testing/api-calls.ts'

/** What the file server reports about each download request (GET /sandbox/downloads). */

const t = sandboxForAll()
const link = async (code: string, key = t.sb.apiKey): Promise<string> =>
  (await t.api('file/direct_link', { file_code: code, key })).result.url

describe('range accounting', () => {
  it('reports per file what each request asked for, what was announced, what went out and how it ended', async () => {
    const [a, b] = await t.upload([
      { name: 'a.bin', data: Buffer.alloc(1000, 1) },
      { name: 'b.bin', data: Buffer.alloc(10, 2) },
    ])
    const url = await link(a.file_code)
    await (await fetch(url)).arrayBuffer()
    await (await fetch(url, { headers: { Range: 'bytes=10-19' } })).arrayBuffer()
    await (await fetch(url, { headers: { Range: 'bytes=990-', 'If-Range': '"other"' } })).arrayBuffer()
    await rawRequest(url, { method: 'HEAD', headers: { Range: 'bytes=-100' } })
    await (await fetch(url, { headers: { Range: 'bytes=5000-' } })).arrayBuffer()
    await (await fetch(await link(b.file_code))).arrayBuffer()

    const served = await servedRanges(t.sb, { codes: [a.file_code, b.file_code] })
    expect(served.forgotten).toBe(0)
    const outcome = { outcome: 'complete', at: expect.any(Number) }
    expect(served.files[a.file_code]).toEqual([
      { method: 'GET', range: null, ifRange: null, status: 200, start: 0, end: 999, sent: 1000, ...outcome },
      {
        method: 'GET',
        range: 'bytes=10-19',
        ifRange: null,
        status: 206,
        start: 10,
        end: 19,
        sent: 10,
        ...outcome,
      },
      {
        method: 'GET',
        range: 'bytes=990-',
        ifRange: '"other"',
        status: 200,
        start: 0,
        end: 999,
        sent: 1000,
        ...outcome,
      },
      {
        method: 'HEAD',
        range: 'bytes=-100',
        ifRange: null,
        status: 206,
        start: 900,
        end: 999,
        sent: 0,
        ...outcome,
      },
      {
        method: 'GET',
        range: 'bytes=5000-',
        ifRange: null,
        status: 416,
        start: null,
        end: null,
        sent: 0,
        ...outcome,
      },
    ])
    expect(served.files[b.file_code]).toHaveLength(1)
    expect(served.files[b.file_code]?.[0]).toMatchObject({ status: 200, start: 0, end: 9, sent: 10 })
  })

  it('a client that leaves mid-body is noted as gone, with at most the bytes it could have had', async () => {
    // Larger than what loopback socket buffers take in, so the host is still sending when the client leaves.
    const size = 48 << 20
    const [row] = await t.upload([{ name: 'big.bin', data: Buffer.alloc(size, 3) }])
    const req = http.get(await link(row.file_code))
    const [res] = (await once(req, 'response')) as [http.IncomingMessage]
    await once(res, 'data')
    res.pause()
    req.on('error', () => undefined)
    req.destroy()
    const gone = await waitFor(async () => {
      const [s] = (await servedRanges(t.sb, { codes: [row.file_code] })).files[row.file_code] ?? []
      return s?.outcome === 'sending' ? undefined : s
    })
    expect(gone).toMatchObject({ status: 200, start: 0, end: size - 1, outcome: 'client-gone' })
    expect(gone.sent).toBeLessThan(size)
  })

  it('notes refused and expired links under their file, but not links the host never issued', async () => {
    const [row] = await t.upload([{ name: 'soon.bin', data: 'soon' }])
    const url = await link(row.file_code)
    await deleteFile(t.sb, row.file_code)
    expect((await rawRequest(url)).status).toBe(404)
    expect((await rawRequest(`${t.sb.baseUrl}/d/${row.file_code}.zz.forged/x`)).status).toBe(404)
    const served = await servedRanges(t.sb, { codes: [row.file_code] })
    expect(served.files[row.file_code]?.map((s) => s.status)).toEqual([404])
  })

  it("shows only the caller's files, and clear=1 forgets what it answered", async () => {
    const other = await t.sb.createAccount('other@example.com')
    const [mine] = await t.upload([{ name: 'mine.bin', data: 'mine' }])
    const [theirs] = await t.upload([{ name: 'theirs.bin', data: 'theirs' }], other.apiKey)
    await (await fetch(await link(mine.file_code))).arrayBuffer()
    await (await fetch(await link(theirs.file_code, other.apiKey))).arrayBuffer()

    const seen = await servedRanges(t.sb)
    expect(Object.keys(seen.files)).toContain(mine.file_code)
    expect(Object.keys(seen.files)).not.toContain(theirs.file_code)
    const theirsSeen = await servedRanges({ baseUrl: t.sb.baseUrl, apiKey: other.apiKey }, { clear: true })
    expect(Object.keys(theirsSeen.files)).toEqual([theirs.file_code])
    expect((await servedRanges({ baseUrl: t.sb.baseUrl, apiKey: other.apiKey })).files).toEqual({})
    // Clearing one account's requests leaves the others'.
    expect(Object.keys((await servedRanges(t.sb)).files)).toContain(mine.file_code)

    await servedRanges(t.sb, { clear: true })
    expect((await servedRanges(t.sb)).files).toEqual({})
    const base = `${t.sb.baseUrl}/sandbox/downloads`
    expectError(await getJson(`${base}?key=${t.sb.apiKey}&clear=yes`), 400, /clear/)
    expectError(await getJson(`${base}?key=nope`), 403, 'Invalid key')
  })

  it('stays within its bound, forgetting the oldest requests and saying how many', () => {
    const log = new ServedRanges(10)
    const request = (start: number) => ({
      method: 'GET' as const,
      range: null,
      ifRange: null,
      status: 200,
      start,
      end: start,
      at: 0,
    })
    for (let i = 0; i < 25; i++) log.add(`code${i % 2}`, 1, request(i))
    const kept = Object.values(log.of(1)).flat()
    expect(kept.length).toBeLessThanOrEqual(10)
    expect(log.forgotten + kept.length).toBe(25)
    // The newest are the ones kept.
    expect(Math.max(...kept.map((r) => r.start ?? 0))).toBe(24)
    expect(Math.min(...kept.map((r) => r.start ?? 0))).toBe(log.forgotten)
  })
})
