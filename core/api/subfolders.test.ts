import { monitorEventLoopDelay } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { failureOf, fakeHostClients } from './testing/fake-client.ts'
import { type FakeHandler, reply } from './testing/fake-host.ts'

const KEY = 'sEcReTkEy1234567890'
const clients = fakeHostClients({ apiKey: KEY, retries: 0, timeoutMs: 10_000 })
const setup = async (handler: FakeHandler) => (await clients(handler)).client
const failure = (call: Promise<unknown>) => failureOf(call, KEY)

const folders = [
  { fld_id: 12, code: null, name: 'Invoices' },
  { fld_id: '13', code: 'abc', name: 'Scans' },
]

function bigFolderText(files: number, order: 'files first' | 'folders first'): string {
  const list = Array.from({ length: files }, (_, i) => ({
    fld_id: 5,
    link: `http://host.example/code${i}`,
    file_code: `code${String(i).padStart(8, '0')}`,
    uploaded: '2026-11-20 10:00:00',
    name: `file-${i}.bin`,
  }))
  const result = order === 'files first' ? { files: list, folders } : { folders, files: list }
  return JSON.stringify({ status: 200, msg: 'OK', server_time: '2026-11-25 10:00:00', result })
}

const expected = [
  { fldId: 12, code: null, name: 'Invoices' },
  { fldId: 13, code: 'abc', name: 'Scans' },
]

describe("a folder's subfolders, read as the answer arrives", () => {
  it('skips 100,000 file records with a far shorter stall of the event loop than a whole read, in either key order', async () => {
    const longestStall = async (read: () => Promise<unknown>) => {
      const loop = monitorEventLoopDelay({ resolution: 5 })
      loop.enable()
      await read()
      // A block that just ended shows once the loop's timer runs again.
      await new Promise((resolve) => setTimeout(resolve, 20))
      loop.disable()
      return loop.max / 1e6
    }
    for (const order of ['files first', 'folders first'] as const) {
      const body = Buffer.from(bigFolderText(100_000, order))
      const c = await setup((q, res) => {
        expect(q.url.pathname).toBe('/api/folder/list')
        expect(q.url.searchParams.get('fld_id')).toBe('5')
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(body)
      })
      // Each read three times, and its shortest longest-stall kept: other test files share the two cores, and
      // their work or a garbage collection only ever adds to a stall, so the minimum is the read's own.
      const quietest = async (read: () => Promise<unknown>) => {
        let least = Number.POSITIVE_INFINITY
        for (let i = 0; i < 3; i++) least = Math.min(least, await longestStall(read))
        return least
      }
      const streamed = await quietest(async () => expect(await c.subfolders(5)).toEqual(expected))
      // The same answer read whole: one JSON.parse and validation of 15 MB (~100 ms on the development machine).
      const whole = await quietest(() => c.folderList(5))
      expect(streamed).toBeLessThan(whole / 2)
    }
  }, 60_000)

  it('answers an empty list for a folder with none, and ignores whitespace after the document', async () => {
    const c = await setup((_q, res) => {
      res.writeHead(200)
      res.end('{"status":200,"msg":"OK","result":{"files":[],"folders":[]}}\n\n')
    })
    expect(await c.subfolders(0)).toEqual([])
  })

  it('refuses an answer without result.folders as malformed, rather than reading it as none', async () => {
    const c = await setup((_q, res) => reply(res, { status: 200, msg: 'OK', result: { files: [] } }))
    const err = await failure(c.subfolders(0))
    expect(err.kind).toBe('malformed')
    expect(err.message).toContain('not in the expected form')
  })

  it('says what the host said when the envelope reports a failure', async () => {
    const c = await setup((_q, res) => reply(res, { status: 403, msg: 'Wrong folder' }))
    const err = await failure(c.subfolders(7))
    expect(err.message).toContain('Wrong folder')
  })

  it('fails on an HTML page, a document cut short or trailing garbage exactly as a whole read does', async () => {
    for (const [body, says] of [
      ['<!doctype html><html><body>Bad gateway</body></html>', 'HTML page'],
      [bigFolderText(2_000, 'files first').slice(0, 90_000), 'incomplete JSON'],
      ['{"status":200,"msg":"OK","result":{"folders":[]}} trailing', 'JSON'],
    ] as const) {
      const c = await setup((_q, res) => {
        res.writeHead(200, { 'content-type': body.startsWith('<') ? 'text/html' : 'application/json' })
        res.end(body)
      })
      const picked = await failure(c.subfolders(0))
      const whole = await failure(c.folderList(0))
      expect(picked.kind).toBe('malformed')
      expect(picked.message).toContain(says)
      expect(picked.message).toBe(whole.message)
    }
  })

  it('a host that stops mid-answer is a time-out, not an unreadable answer', async () => {
    const { client } = await clients(
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write(bigFolderText(2_000, 'files first').slice(0, 50_000))
        // …and nothing more: the connection stays open and silent.
      },
      { timeoutMs: 500 },
    )
    const err = await failure(client.subfolders(0))
    expect(err.kind).toBe('timeout')
  })

  it('reads an HTTP error answer whole, as any call does (429 with Retry-After)', async () => {
    const c = await setup((_q, res) => {
      res.writeHead(429, { 'retry-after': '3' })
      res.end('{"status":429,"msg":"Too many requests"}')
    })
    const err = await failure(c.subfolders(0))
    expect(err.kind).toBe('rate_limited')
    expect(err.retryAfterMs).toBe(3000)
  })
})
