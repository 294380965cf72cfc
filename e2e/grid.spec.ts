import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { crc32, deflateSync } from 'node:zlib'
import type { Locator, Page } from '@playwright/test'
import { apiGet, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { electronMode } from './electron-app.ts'
import { expect, openWithAccount, ref, test } from './fixtures.ts'

/** A real PNG of w×h pixels of one colour, so a browser decodes it (a thumbnail is an image, not just a URL). */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(w, 0)
  header.writeUInt32BE(h, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([220, 60, 90]))])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Uploads bytes as they are (the shared helper sends text). Returns the file code. */
async function uploadBytes(sb: SandboxRef, name: string, bytes: Buffer): Promise<string> {
  // upload/server answers sess_id beside result, not inside it, so apiGet does not fit.
  const server = (await (await fetch(`${sb.baseUrl}/api/upload/server?key=${sb.apiKey}`)).json()) as {
    sess_id: string
    result: string
  }
  const form = new FormData()
  form.set('sess_id', server.sess_id)
  form.set('utype', 'prem')
  form.set('file_0', new Blob([new Uint8Array(bytes)]), name)
  const res = await fetch(server.result, { method: 'POST', body: form })
  const answer = (await res.json()) as Array<{ file_code: string }>
  const code = answer[0]?.file_code
  if (!res.ok || !code) throw new Error(`upload of ${name} failed: ${res.status}`)
  return code
}

interface ListedWithThumbnail {
  name: string
  file_code: string
  thumbnail: string | null
}

async function hostFile(sb: SandboxRef, code: string): Promise<ListedWithThumbnail | undefined> {
  const result = await apiGet<{ files: ListedWithThumbnail[] }>(sb, 'file/list', { per_page: 1000 })
  return result.files.find((f) => f.file_code === code)
}

const tile = (page: Page, code: string) => page.locator(`.tile[data-code="${code}"]`)

/** How the tile's name box is drawn: its text, title, line count, and whether anything is cut off. */
function nameBox(t: Locator) {
  return t.locator('.tile-name').evaluate((el: HTMLElement) => {
    const box = el.getBoundingClientRect()
    const range = document.createRange()
    range.selectNodeContents(el)
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
    const text = [...range.getClientRects()]
    return {
      text: el.textContent,
      title: el.title,
      lines: lines.size,
      // Every line box lies inside the element, and nothing overflows it (no clamp, no clipped descenders).
      inside: text.every((r) => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5),
      overflows: el.scrollHeight > el.clientHeight + 0.5 || el.scrollWidth > el.clientWidth + 0.5,
    }
  })
}

test.describe('grid view', () => {
  test('names are whole, underscores visible; a long name keeps its start, end and extension', async ({
    page,
    host,
    sandbox,
  }) => {
    const sb = ref(sandbox)
    const short = await uploadBytes(sb, 'dump_50.pdf', Buffer.from('pdf'))
    const longName = 'quarterly_financial_statements_of_the_northern_region_for_the_board_2024_final_v2.pdf'
    const long = await uploadBytes(sb, longName, Buffer.from('pdf'))
    await openWithAccount(page, host, sandbox)
    await page.getByRole('button', { name: 'Grid view' }).click()

    // Both tiles show the names the host has.
    expect((await hostFile(sb, short))?.name).toBe('dump_50.pdf')
    expect((await hostFile(sb, long))?.name).toBe(longName)
    await expect(tile(page, short)).toBeVisible()
    const whole = await nameBox(tile(page, short))
    expect(whole).toMatchObject({ text: 'dump_50.pdf', title: 'dump_50.pdf', lines: 1, inside: true })
    expect(whole.overflows).toBe(false)

    const shortened = await nameBox(tile(page, long))
    expect(shortened.title).toBe(longName)
    expect(shortened.lines).toBe(2)
    expect(shortened.inside).toBe(true)
    expect(shortened.overflows).toBe(false)
    const text = shortened.text ?? ''
    expect(text).toContain('…')
    expect(text.endsWith('_v2.pdf')).toBe(true)
    expect(text.startsWith('quarterly_fin')).toBe(true)
    // Shortened only as much as the box needs: start and end come from the real name.
    const [head = '', tail = ''] = text.split('…')
    expect(longName.startsWith(head)).toBe(true)
    expect(longName.endsWith(tail)).toBe(true)
    expect(text.length).toBeGreaterThan(25)
  })

  test('a thumbnail the host gives is shown, without credentials; other files keep their badge', async ({
    page,
    host,
    sandbox,
  }) => {
    const sb = ref(sandbox)
    const image = await uploadBytes(sb, 'sunset.png', png(64, 48))
    const broken = await uploadBytes(sb, 'not-really.png', Buffer.from('this is text, not an image'))
    const text = await uploadBytes(sb, 'readme.txt', Buffer.from('hello'))
    const thumbnail = (await hostFile(sb, image))?.thumbnail
    expect(thumbnail).toBe(`${sb.baseUrl}/thumb/${image}`)
    expect((await hostFile(sb, text))?.thumbnail).toBeNull()

    const refused: string[] = []
    page.on('console', (m) => {
      // The image rule, and CORS: what decides whether a thumbnail may load. (Chromium also logs a connect-src
      // refusal of its own for the URL of an image that fails to decode, the broken ".png" here.)
      if (/directive: "img-src|CORS/i.test(m.text())) refused.push(m.text())
    })
    // allHeaders: the headers as sent, cookies included (headers() leaves security-related ones out).
    const thumbRequests: Promise<Record<string, string>>[] = []
    page.on('request', (r) => {
      if (r.url() === thumbnail) thumbRequests.push(r.allHeaders())
    })

    await openWithAccount(page, host, sandbox)
    await page.getByRole('button', { name: 'Grid view' }).click()

    const img = tile(page, image).locator('img.tile-thumb')
    await expect(img).toHaveAttribute('src', thumbnail ?? '')
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(64)
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalHeight)).toBe(48)
    await expect(tile(page, image).locator('.file-icon')).toHaveCount(0)
    // The page is cross-origin isolated (web/headers.ts), and the host's thumbnail still loads.
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true)

    // The text file has its kind badge; the ".png" that is not an image falls back to its badge.
    await expect(tile(page, text).locator('.file-icon')).toHaveText('TXT')
    await expect(tile(page, text).locator('img')).toHaveCount(0)
    await expect(tile(page, broken).locator('.file-icon')).toHaveText('PNG')
    await expect(tile(page, broken).locator('img')).toHaveCount(0)

    // Loaded without the browser host's cookie (127.0.0.1 is one site for every port) and without a referrer.
    expect(thumbRequests.length).toBeGreaterThan(0)
    const cookies = await page.context().cookies(host.url)
    expect(cookies.length).toBeGreaterThan(0)
    for (const headers of await Promise.all(thumbRequests)) {
      expect(headers.cookie).toBeUndefined()
      expect(headers.referer ?? '').toBe('')
    }
    expect(refused).toEqual([])
  })

  // Many real hosts send no CORS header with their images. The browser host loads thumbnails in CORS mode (its
  // access cookie's reason, TileImage.tsx), so there such a host's files keep their badge; Electron's window has
  // no cookie to keep back and shows the picture.
  test('a thumbnail from a host that sends no CORS header: the badge in the browser host, the picture in Electron', async ({
    page,
    host,
    sandbox,
  }) => {
    const sb = ref(sandbox)
    const image = await uploadBytes(sb, 'harbour.png', png(40, 30))
    const thumbnail = (await hostFile(sb, image))?.thumbnail ?? ''
    expect(thumbnail).not.toBe('')
    // The picture comes from an image server on this machine that sends no CORS header (Playwright adds one to
    // answers it makes itself, so the host's thumbnail URL only redirects there).
    let served = 0
    const images = createServer((_req, res) => {
      served++
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(png(40, 30))
    })
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    const { port } = images.address() as AddressInfo
    await page.route(thumbnail, (route) =>
      route.fulfill({ status: 302, headers: { location: `http://127.0.0.1:${port}/harbour.png` } }),
    )

    await openWithAccount(page, host, sandbox)
    await page.getByRole('button', { name: 'Grid view' }).click()
    await expect.poll(() => served).toBeGreaterThan(0)
    if (electronMode) {
      const img = tile(page, image).locator('img.tile-thumb')
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(40)
      expect(await img.getAttribute('crossorigin')).toBeNull()
    } else {
      await expect(tile(page, image).locator('.file-icon')).toHaveText('PNG')
      await expect(tile(page, image).locator('img')).toHaveCount(0)
    }
    images.close()
  })
})
