import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json, TestSandbox } from './test-support.ts'
import { expectError, expectOk, openSandbox, waitFor } from './test-support.ts'

let t: TestSandbox
let origin: http.Server
let originUrl: string
const payload = randomBytes(2 * 1024 * 1024)
const hanging = new Set<http.ServerResponse>()

beforeAll(async () => {
  t = await openSandbox({ remoteFetchTimeoutMs: 500 })
  // The "remote" host: a file, a redirect to it, a 404, and a response that never ends.
  origin = http.createServer((req, res) => {
    if (req.url?.startsWith('/files/')) {
      res.writeHead(200, { 'Content-Length': payload.length })
      res.end(payload)
    } else if (req.url === '/redirect') {
      res.writeHead(302, { Location: '/files/target.iso' })
      res.end()
    } else if (req.url === '/hang') {
      res.writeHead(200)
      res.write('partial')
      hanging.add(res)
    } else {
      res.writeHead(404)
      res.end('no')
    }
  })
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r))
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const res of hanging) res.destroy()
  origin.closeAllConnections()
  await new Promise((r) => origin.close(r))
  await t.stop()
})

const filesIn = async (fld: number): Promise<Json[]> =>
  (await t.api('folder/list', { fld_id: fld })).result.files

describe('op 5 upload/url', () => {
  it('answers WORKING without result, then the file appears in the folder, named after the URL', async () => {
    const fld = (await t.api('folder/create', { parent_id: 0, name: 'remote' })).result.fld_id
    const body = await t.api('upload/url', { url: `${originUrl}/files/report%20final.pdf?x=1`, folder: fld })
    expectOk(body, 'WORKING')
    expect(body).not.toHaveProperty('result')
    const [file] = await waitFor(async () => {
      const files = await filesIn(fld)
      return files.length > 0 ? files : undefined
    })
    expect(file.name).toBe('report final.pdf')
    const link = await t.api('file/direct_link', { file_code: file.file_code })
    expect(link.result.size).toBe(payload.length)
    expect(Buffer.from(await (await fetch(link.result.url)).arrayBuffer()).equals(payload)).toBe(true)
  })

  it('follows redirects and defaults to folder 0 (name from the URL as given)', async () => {
    const before = (await filesIn(0)).length
    expectOk(await t.api('upload/url', { url: `${originUrl}/redirect` }), 'WORKING')
    const files = await waitFor(async () => {
      const now = await filesIn(0)
      return now.length > before ? now : undefined
    })
    expect(files[0].name).toBe('redirect')
  })

  it('a failed fetch (404, time-out) leaves no file', async () => {
    const fld = (await t.api('folder/create', { parent_id: 0, name: 'failures' })).result.fld_id
    expectOk(await t.api('upload/url', { url: `${originUrl}/missing.bin`, folder: fld }), 'WORKING')
    expectOk(await t.api('upload/url', { url: `${originUrl}/hang`, folder: fld }), 'WORKING')
    await new Promise((r) => setTimeout(r, 900))
    expect(await filesIn(fld)).toEqual([])
  })

  it('refuses a bad url or an unknown folder up front', async () => {
    expectError(await t.api('upload/url', { url: 'ftp://example.com/x' }), 400, /url/)
    expectError(await t.api('upload/url', { url: 'not a url' }), 400, /url/)
    expectError(await t.api('upload/url', { url: `${originUrl}/files/a`, folder: 999999 }), 404, /Folder/)
    expectError(await t.api('upload/url'), 400, /url/)
  })

  it('refuses up front a URL on a port its fetch will not try (9), rather than "working" on it and failing unseen', async () => {
    const fld = (await t.api('folder/create', { parent_id: 0, name: 'port nine' })).result.fld_id
    expectError(
      await t.api('upload/url', { url: 'http://127.0.0.1:9/backup.tar', folder: fld }),
      400,
      /^Invalid url: port 9 is kept for another service/,
    )
    expect(await filesIn(fld)).toEqual([])
  })
})

describe('op 6 upload/url with file_code', () => {
  it('echoes {"status":"200","file_code"} for a file of the account, 404 otherwise', async () => {
    const [row] = await t.upload([{ name: 'x', data: 'x' }])
    const body = await t.api('upload/url', { file_code: row.file_code })
    expect(body).toEqual({ status: '200', file_code: row.file_code })
    expect(typeof body.status).toBe('string')
    expectError(await t.api('upload/url', { file_code: 'zzzzzzzzzzzz' }), 404)
  })
})
