import { createHash, randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestSandbox } from './test-support.ts'
import { codeRe, expectError, getJson, openSandbox, postForm, rawRequest, waitFor } from './test-support.ts'

let t: TestSandbox
beforeAll(async () => {
  t = await openSandbox()
})
afterAll(() => t.stop())

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex')

async function download(code: string): Promise<Buffer> {
  const link = await t.api('file/direct_link', { file_code: code })
  return Buffer.from(await (await fetch(link.result.url)).arrayBuffer())
}

describe('op 4: upload form', () => {
  it('answers a bare array, one element per file_N part, in order, files in folder 0', async () => {
    const data = [randomBytes(1000), Buffer.from('second'), randomBytes(3 * 1024 * 1024 + 7)]
    const answer = await t.upload(data.map((d, i) => ({ name: `f${i}.bin`, data: d })))
    expect(Array.isArray(answer)).toBe(true)
    expect(answer).toHaveLength(3)
    for (const row of answer) {
      expect(Object.keys(row).sort()).toEqual(['file_code', 'file_status'])
      expect(row.file_code).toMatch(codeRe)
      expect(row.file_status).toBe('OK')
    }
    for (const [i, row] of answer.entries()) {
      const info = await t.api('file/info', { file_code: row.file_code })
      expect(info.result[0].name).toBe(`f${i}.bin`)
      expect(info.result[0].size).toBe(data[i]?.length)
      expect(sha(await download(row.file_code))).toBe(sha(data[i] as Buffer))
    }
    const root = await t.api('folder/list', { fld_id: 0 })
    const codes = root.result.files.map((f: { file_code: string }) => f.file_code)
    for (const row of answer) expect(codes).toContain(row.file_code)
    // The public page of an upload exists at {base}/<file_code>.
    expect((await fetch(`${t.sb.baseUrl}/${answer[0].file_code}`)).status).toBe(200)
  })

  it('keeps UTF-8 names, strips client paths, and leaves no temp files', async () => {
    const [row] = await t.upload([{ name: 'C:\\Users\\me\\Résumé ✓.pdf', data: 'pdf' }])
    const info = await t.api('file/info', { file_code: row.file_code })
    expect(info.result[0].name).toBe('Résumé ✓.pdf')
    expect(await readdir(path.join(t.dir, 'tmp'))).toEqual([])
  })

  it('a session can be reused until it expires', async () => {
    const server = await t.api('upload/server')
    const a = await postForm(server.result, server.sess_id, [{ name: 'a', data: 'a' }])
    const b = await postForm(server.result, server.sess_id, [{ name: 'b', data: 'b' }])
    expect(a[0].file_status).toBe('OK')
    expect(b[0].file_status).toBe('OK')
  })

  it('refuses a missing, unknown or expired sess_id', async () => {
    const server = await t.api('upload/server')
    expectError(await postForm(server.result, '', [{ name: 'a', data: 'a' }]), 400, /sess_id/)
    expectError(await postForm(server.result, 'nosuchsession', [{ name: 'a', data: 'a' }]), 404, /sess_id/)
    const short = await openSandbox({ uploadSessionTtlSec: 0.2 })
    try {
      const s = await getJson(`${short.sb.baseUrl}/api/upload/server?key=${short.sb.apiKey}`)
      await new Promise((r) => setTimeout(r, 300))
      expectError(await postForm(s.result, s.sess_id, [{ name: 'a', data: 'a' }]), 404, /expired/)
    } finally {
      await short.stop()
    }
    expect(await readdir(path.join(t.dir, 'tmp'))).toEqual([])
  })

  it('refuses a form without a file part, and a body that is not multipart', async () => {
    const server = await t.api('upload/server')
    expectError(await postForm(server.result, server.sess_id, []), 400, /No file/)
    const res = await fetch(server.result, {
      method: 'POST',
      body: 'x=1',
      headers: { 'content-type': 'text/plain' },
    })
    expectError(await res.json(), 400, /multipart/)
  })

  it('answers 411 to a chunked upload (no Content-Length)', async () => {
    const server = await t.api('upload/server')
    const boundary = 'b0undary'
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="sess_id"\r\n\r\n${server.sess_id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file_0"; filename="c.txt"\r\n\r\nchunked\r\n--${boundary}--\r\n`
    const res = await rawRequest(server.result, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      chunked: true,
    })
    expect(res.status).toBe(411)
    expectError(JSON.parse(res.body.toString()), 411, /Length Required/)
  })

  it('gives a per-file error element for a file beyond the quota', async () => {
    const { apiKey } = await t.sb.createAccount('small@example.com', { quotaBytes: 10 })
    const answer = await t.upload(
      [
        { name: 'fits', data: '12345678' },
        { name: 'too-big', data: '123456789' },
      ],
      apiKey,
    )
    expect(answer[0]).toEqual({ file_code: expect.stringMatching(codeRe), file_status: 'OK' })
    expect(answer[1].file_code).toBe('')
    expect(answer[1].file_status).toMatch(/storage/)
  })

  it('an upload cut off by the client leaves no file and no temp file', async () => {
    const server = await t.api('upload/server')
    const before = (await t.api('file/list')).result.results_total
    const boundary = 'cut0ff'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="sess_id"\r\n\r\n${server.sess_id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file_0"; filename="cut.bin"\r\n\r\n`
    await new Promise<void>((resolve) => {
      const req = http.request(server.result, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': 10_000_000,
        },
      })
      req.on('error', () => resolve())
      req.write(head)
      req.write(randomBytes(500_000), () => setTimeout(() => req.destroy(), 100))
    })
    await waitFor(async () => ((await readdir(path.join(t.dir, 'tmp'))).length === 0 ? true : undefined))
    expect((await t.api('file/list')).result.results_total).toBe(before)
  })

  it('the upload URL refuses GET with 405', async () => {
    const server = await t.api('upload/server')
    const res = await fetch(server.result)
    expect(res.status).toBe(405)
    expectError(await res.json(), 405)
  })
})
