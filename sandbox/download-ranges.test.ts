import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openSandbox, rawRequest, sandboxForAll, tempDirsForAll } from './test-support.ts'

/** The file server as a download client meets it: every Range form, If-Range, validators and names. */

const t = sandboxForAll()
const tempDir = tempDirsForAll()
const size = 100_000
const data = randomBytes(size)

async function linkFor(name: string, content: Buffer | string): Promise<string> {
  const [row] = await t.upload([{ name, data: content }])
  return (await t.api('file/direct_link', { file_code: row.file_code })).result.url
}

describe('Range, as nginx answers it for a static file', () => {
  // [Range header, status, Content-Range, first byte, last byte (inclusive) of the body]
  const cases: [string, number, string | null, number, number][] = [
    ['bytes=0-', 206, `bytes 0-99999/${size}`, 0, 99_999],
    ['bytes=10-19', 206, `bytes 10-19/${size}`, 10, 19],
    ['bytes=99990-', 206, `bytes 99990-99999/${size}`, 99_990, 99_999],
    ['bytes=-500', 206, `bytes 99500-99999/${size}`, 99_500, 99_999],
    ['bytes=-200000', 206, `bytes 0-99999/${size}`, 0, 99_999],
    ['bytes=99000-200000', 206, `bytes 99000-99999/${size}`, 99_000, 99_999],
    ['BYTES= 5 - 9', 206, `bytes 5-9/${size}`, 5, 9],
    ['bytes=99999-99999', 206, `bytes 99999-99999/${size}`, 99_999, 99_999],
    // Several ranges: the whole file (nginx with max_ranges 1); another unit is not a byte range at all.
    ['bytes=0-1,5-6', 200, null, 0, 99_999],
    ['items=0-5', 200, null, 0, 99_999],
    // The first range cannot be served, the second can: that one.
    ['bytes=200000-300000,10-19', 206, `bytes 10-19/${size}`, 10, 19],
  ]

  it.each(cases)('%s → %i', async (range, status, contentRange, first, last) => {
    const url = await linkFor('ranges.bin', data)
    const res = await fetch(url, { headers: { Range: range } })
    expect(res.status).toBe(status)
    expect(res.headers.get('content-range')).toBe(contentRange)
    expect(res.headers.get('content-length')).toBe(String(last - first + 1))
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await res.arrayBuffer()).equals(data.subarray(first, last + 1))).toBe(true)
  })

  it.each(['bytes=100000-', 'bytes=5-3', 'bytes=abc', 'bytes=-0', 'bytes=-', 'bytes=0-5x'])(
    '%s → 416 with Content-Range: bytes */size',
    async (range) => {
      const url = await linkFor('ranges.bin', data)
      const res = await fetch(url, { headers: { Range: range } })
      expect(res.status).toBe(416)
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`)
      await res.arrayBuffer()
    },
  )

  it('an empty file answers 200 to a range from its start and 416 past it, as nginx does', async () => {
    const url = await linkFor('empty.bin', '')
    for (const range of ['bytes=0-', 'bytes=-5']) {
      const res = await fetch(url, { headers: { Range: range } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-length')).toBe('0')
      expect((await res.arrayBuffer()).byteLength).toBe(0)
    }
    const past = await fetch(url, { headers: { Range: 'bytes=1-' } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe('bytes */0')
    await past.arrayBuffer()
  })

  it('HEAD answers what GET would, ranges included, without a body', async () => {
    const url = await linkFor('head.bin', data)
    const head = await rawRequest(url, { method: 'HEAD', headers: { Range: 'bytes=100-199' } })
    expect(head.status).toBe(206)
    expect(head.headers['content-range']).toBe(`bytes 100-199/${size}`)
    expect(head.headers['content-length']).toBe('100')
    expect(head.body.length).toBe(0)
    const whole = await rawRequest(url, { method: 'HEAD' })
    const get = await fetch(url)
    for (const name of ['content-length', 'etag', 'last-modified', 'content-type', 'content-disposition'])
      expect(whole.headers[name]).toBe(get.headers.get(name))
    await get.arrayBuffer()
  })
})

describe('If-Range and the validators', () => {
  it('resumes (206) when If-Range is the current ETag or Last-Modified, else sends everything (200)', async () => {
    const url = await linkFor('resume.bin', data)
    const first = await fetch(url)
    await first.arrayBuffer()
    const etag = first.headers.get('etag') ?? ''
    const lastModified = first.headers.get('last-modified') ?? ''
    expect(etag).toMatch(/^"[0-9a-f]+-186a0"$/) // nginx's form: "<mtime hex>-<size hex>"
    expect(new Date(lastModified).toUTCString()).toBe(lastModified)

    const resume = async (ifRange: string) => {
      const res = await fetch(url, { headers: { Range: 'bytes=50000-', 'If-Range': ifRange } })
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) }
    }
    for (const same of [etag, lastModified]) {
      const res = await resume(same)
      expect(res.status).toBe(206)
      expect(res.body.equals(data.subarray(50_000))).toBe(true)
    }
    const otherDate = new Date(Date.parse(lastModified) - 1000).toUTCString()
    for (const other of ['"0-0"', `W/${etag}`, otherDate, 'not a date']) {
      const res = await resume(other)
      expect(res.status).toBe(200)
      expect(res.body.equals(data)).toBe(true)
    }
  })

  it('a file keeps its ETag and Last-Modified across a restart, so an If-Range from before still resumes', async () => {
    const dir = await tempDir()
    const before = await openSandbox({}, dir)
    const [row] = await before.upload([{ name: 'kept.bin', data }])
    const res = await fetch((await before.api('file/direct_link', { file_code: row.file_code })).result.url)
    await res.arrayBuffer()
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    await before.stop()

    const after = await openSandbox({}, dir)
    try {
      const url = (await after.api('file/direct_link', { file_code: row.file_code })).result.url
      const again = await fetch(url, {
        headers: { Range: 'bytes=10-', 'If-Range': res.headers.get('etag') ?? '' },
      })
      expect(again.status).toBe(206)
      expect(again.headers.get('etag')).toBe(res.headers.get('etag'))
      expect(again.headers.get('last-modified')).toBe(res.headers.get('last-modified'))
      await again.arrayBuffer()
    } finally {
      await after.stop()
    }
  })
})

describe('names and types', () => {
  it('Content-Type follows the extension, as mime.types; anything else is application/octet-stream', async () => {
    for (const [name, type] of [
      ['notes.txt', 'text/plain'],
      ['clip.MP4', 'video/mp4'],
      ['archive.zip', 'application/zip'],
      ['no-extension', 'application/octet-stream'],
      ['odd.qqq', 'application/octet-stream'],
    ]) {
      const res = await fetch(await linkFor(name ?? '', 'x'))
      expect(res.headers.get('content-type')).toBe(type)
      await res.arrayBuffer()
    }
  })

  it('Content-Disposition: an ASCII filename and a filename* that any RFC 5987 reader decodes to the name', async () => {
    // Named through file/rename: a multipart upload's filename would carry `"` as %22.
    const name = `it's (v2) * "final" 100% ü ✓.bin`
    const [row] = await t.upload([{ name: 'plain.bin', data: 'x' }])
    await t.api('file/rename', { file_code: row.file_code, name })
    const res = await fetch((await t.api('file/direct_link', { file_code: row.file_code })).result.url)
    await res.arrayBuffer()
    const header = res.headers.get('content-disposition') ?? ''
    const m = /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(
      header,
    )
    expect(m).not.toBeNull()
    expect(m?.[1]).toBe(`it's (v2) * _final_ 100_ _ _.bin`)
    expect(decodeURIComponent(m?.[2] ?? '')).toBe(name)
  })
})
