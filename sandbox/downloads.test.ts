import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestSandbox } from './test-support.ts'
import { expectError, expectOk, openSandbox, rawRequest } from './test-support.ts'

let t: TestSandbox
const data = randomBytes(100_000)
let code: string
let url: string
beforeAll(async () => {
  t = await openSandbox()
  const [row] = await t.upload([{ name: 'data file ü.bin', data }])
  code = row.file_code
  url = (await t.api('file/direct_link', { file_code: code })).result.url
})
afterAll(() => t.stop())

describe('op 7 file/direct_link and the download', () => {
  it('result is {url, size}', async () => {
    const body = await t.api('file/direct_link', { file_code: code })
    expectOk(body)
    expect(Object.keys(body.result).sort()).toEqual(['size', 'url'])
    expect(body.result.size).toBe(100_000)
    expect(body.result.url.startsWith(`${t.sb.baseUrl}/d/`)).toBe(true)
    expectError(await t.api('file/direct_link', { file_code: 'zzzzzzzzzzzz' }), 404, /File not found/)
  })

  it('streams the whole file with Content-Length and Content-Disposition', async () => {
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('100000')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="data file _.bin"; filename*=UTF-8''${encodeURIComponent('data file ü.bin')}`,
    )
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true)
  })

  it('serves ranges with 206 and Content-Range, 416 when unsatisfiable', async () => {
    const mid = await fetch(url, { headers: { Range: 'bytes=10-19' } })
    expect(mid.status).toBe(206)
    expect(mid.headers.get('content-range')).toBe('bytes 10-19/100000')
    expect(mid.headers.get('content-length')).toBe('10')
    expect(Buffer.from(await mid.arrayBuffer()).equals(data.subarray(10, 20))).toBe(true)

    const open = await fetch(url, { headers: { Range: 'bytes=99990-' } })
    expect(open.headers.get('content-range')).toBe('bytes 99990-99999/100000')
    expect(Buffer.from(await open.arrayBuffer()).equals(data.subarray(99990))).toBe(true)

    const suffix = await fetch(url, { headers: { Range: 'bytes=-5' } })
    expect(Buffer.from(await suffix.arrayBuffer()).equals(data.subarray(99995))).toBe(true)

    const past = await fetch(url, { headers: { Range: 'bytes=100000-' } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe('bytes */100000')
    await past.arrayBuffer()
  })

  it('HEAD answers headers only; a tampered or unknown token is 404', async () => {
    const head = await rawRequest(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe('100000')
    expect(head.body.length).toBe(0)
    const tampered = url.replace(/\/d\/([a-z0-9]{12})/, '/d/aaaaaaaaaaaa')
    expect((await fetch(tampered)).status).toBe(404)
    expect((await fetch(`${t.sb.baseUrl}/d/nonsense/x`)).status).toBe(404)
  })

  it('counts a download per GET from byte 0 only', async () => {
    const before = (await t.api('file/info', { file_code: code })).result[0].downloads
    await (await fetch(url)).arrayBuffer()
    await (await fetch(url, { headers: { Range: 'bytes=50-' } })).arrayBuffer()
    await rawRequest(url, { method: 'HEAD' })
    expect((await t.api('file/info', { file_code: code })).result[0].downloads).toBe(before + 1)
  })

  it('serves a zero-length file', async () => {
    const [row] = await t.upload([{ name: 'empty.txt', data: '' }])
    const link = await t.api('file/direct_link', { file_code: row.file_code })
    expect(link.result.size).toBe(0)
    const res = await fetch(link.result.url)
    expect(res.status).toBe(200)
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })
})

describe('public file pages', () => {
  it('{base}/<code> and {base}/<code>/<name>.html show name and size', async () => {
    for (const path of [`/${code}`, `/${code}/data%20file%20%C3%BC.bin.html`]) {
      const res = await fetch(`${t.sb.baseUrl}${path}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      const html = await res.text()
      expect(html).toContain('data file ü.bin')
      expect(html).toContain('100000')
    }
  })

  it('escapes HTML in names and answers 404 for unknown codes', async () => {
    const [row] = await t.upload([{ name: '<script>x</script>.txt', data: 'x' }])
    const html = await (await fetch(`${t.sb.baseUrl}/${row.file_code}`)).text()
    expect(html).not.toContain('<script>')
    expect((await fetch(`${t.sb.baseUrl}/zzzzzzzzzzzz`)).status).toBe(404)
    expect((await fetch(`${t.sb.baseUrl}/not-a-code`)).status).toBe(404)
  })
})
