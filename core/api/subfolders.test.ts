import { describe, expect, it, vi } from 'vitest'
import { failureOf, fakeHostClients } from './testing/fake-client.ts'
import { type FakeHandler, reply } from './testing/fake-host.ts'
import { countTurns } from './testing/loop-turns.ts'

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
  // A whole read of this answer is one JSON.parse of 15 MB (~100 ms on the development machine, the stall a window
  // of the file pane waited behind); the subfolder lookup parses the records as they arrive, with turns of the
  // event loop between its slices, and keeps only the folders.
  it('skips 100,000 file records as they arrive, in either key order: no JSON.parse of the answer, the loop turning as they are parsed', async () => {
    for (const order of ['files first', 'folders first'] as const) {
      const body = Buffer.from(bigFolderText(100_000, order))
      const c = await setup((q, res) => {
        expect(q.url.pathname).toBe('/api/folder/list')
        expect(q.url.searchParams.get('fld_id')).toBe('5')
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(body)
      })
      /** The longest text handed to JSON.parse, and the turns of the event loop, while `read` runs. */
      const parsedWhile = async (read: () => Promise<unknown>) => {
        const parse = vi.spyOn(JSON, 'parse')
        const turns = countTurns()
        try {
          await read()
          const largest = Math.max(0, ...parse.mock.calls.map(([text]) => String(text).length))
          return { largest, turns: turns.stop() }
        } finally {
          turns.stop()
          parse.mockRestore()
        }
      }
      const streamed = await parsedWhile(async () => expect(await c.subfolders(5)).toEqual(expected))
      // (JSON.parse still reads small things meanwhile, none of them the answer.)
      expect(streamed.largest, order).toBeLessThan(1024)
      // A slice is parsed when 64 KiB were parsed since the last turn the reader took, and a chunk read after
      // less is parsed whole: less than 128 KiB between two turns (answer-body.test.ts: chunks already buffered).
      expect(streamed.turns, order).toBeGreaterThanOrEqual(Math.floor(body.length / (128 * 1024)))
      // The same answer read whole, for contrast: the whole document in one JSON.parse.
      expect((await parsedWhile(() => c.folderList(5))).largest, order).toBe(body.length)
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
