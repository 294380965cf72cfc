import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { THUMBNAIL_MAX_BYTES } from './routes/thumbnails.ts'
import type { Json, TestSandbox } from './test-support.ts'
import { expectOk, openSandbox } from './test-support.ts'

// The smallest valid PNG (1×1, transparent): real image bytes, so what is served is what was uploaded.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

let t: TestSandbox
beforeAll(async () => {
  t = await openSandbox({ seedFiles: 100 })
})
afterAll(() => t.stop())

async function listed(code: string): Promise<Json> {
  const body = await t.api('file/list', { per_page: 1000 })
  return body.result.files.find((f: Json) => f.file_code === code)
}

describe('thumbnails', () => {
  it('an uploaded image lists a thumbnail URL that serves the image to any origin without a key', async () => {
    const [row] = await t.upload([{ name: 'pixel.png', data: png }])
    const file = await listed(row.file_code)
    expect(file.thumbnail).toBe(`${t.sb.baseUrl}/thumb/${row.file_code}`)

    const res = await fetch(file.thumbnail, { headers: { Origin: 'http://127.0.0.1:1' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png)
  })

  it('other files, large images and seeded files have none', async () => {
    const [text] = await t.upload([{ name: 'notes.txt', data: 'hello' }])
    const [big] = await t.upload([{ name: 'huge.jpg', data: Buffer.alloc(THUMBNAIL_MAX_BYTES + 1) }])
    expect((await listed(text.file_code)).thumbnail).toBeNull()
    expect((await listed(big.file_code)).thumbnail).toBeNull()
    expect((await fetch(`${t.sb.baseUrl}/thumb/${big.file_code}`)).status).toBe(404)

    const body = await t.api('file/list', { per_page: 1000 })
    // Seeded names end in .jpg or .png about one time in five: among 100, some do.
    const seededImages = body.result.files.filter((f: Json) => /_\d+\.(jpg|png)$/.test(f.name))
    expect(seededImages.length).toBeGreaterThan(0)
    for (const f of seededImages) expect(f.thumbnail).toBeNull()
  })

  it('renaming away from an image name takes the thumbnail away; renaming back gives it again', async () => {
    const [row] = await t.upload([{ name: 'dot.gif', data: png }])
    expectOk(await t.api('file/rename', { file_code: row.file_code, name: 'dot.bin' }))
    expect((await listed(row.file_code)).thumbnail).toBeNull()
    expect((await fetch(`${t.sb.baseUrl}/thumb/${row.file_code}`)).status).toBe(404)
    expectOk(await t.api('file/rename', { file_code: row.file_code, name: 'dot.webp' }))
    expect((await listed(row.file_code)).thumbnail).toBe(`${t.sb.baseUrl}/thumb/${row.file_code}`)
    const res = await fetch(`${t.sb.baseUrl}/thumb/${row.file_code}`, { method: 'HEAD' })
    expect(res.headers.get('content-type')).toBe('image/webp')
  })

  it('a deleted file or an unknown code has no thumbnail', async () => {
    const [row] = await t.upload([{ name: 'gone.png', data: png }])
    const del = await fetch(
      `${t.sb.baseUrl}/sandbox/file/delete?key=${t.sb.apiKey}&file_code=${row.file_code}`,
    )
    expect(del.status).toBe(200)
    expect((await fetch(`${t.sb.baseUrl}/thumb/${row.file_code}`)).status).toBe(404)
    expect((await fetch(`${t.sb.baseUrl}/thumb/zzzzzzzzzzzz`)).status).toBe(404)
  })
})
