import type { Page } from '@playwright/test'
import { formatSize } from '../renderer/src/lib/format.ts'
import { servedRanges, upload } from '../sandbox/testing/api-calls.ts'
import { pdf, png, recordWebm, uploadBytes, wav } from './file-bytes.ts'
import { expect, fileRow, openWithAccount, ref, test } from './fixtures.ts'
import { expectCursorOn, paneRows } from './index-helpers.ts'
import { setLanguage } from './language-helpers.ts'

const quickLook = (page: Page) => page.getByRole('dialog', { name: /^Quick Look: / })

// Every line numbered, so the cut at 256 KiB is a known place: 290 KB of text in all.
const notes = Array.from(
  { length: 10_000 },
  (_, i) => `note ${String(i).padStart(5, '0')} of the notes file\n`,
).join('')

test('Quick Look shows a picture, plays and seeks video and audio by Range, shows a PDF and text; arrows, Space, Esc', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const video = await recordWebm(page, 2000)
  const sound = wav(100)
  const codes = {
    picture: await uploadBytes(sb, 'a-picture.png', png(64, 48)),
    video: await uploadBytes(sb, 'b-clip.webm', video),
    sound: await uploadBytes(sb, 'b-sound.wav', sound),
    pdf: await uploadBytes(sb, 'c-paper.pdf', pdf('Hello from the sandbox')),
    text: await upload(sb, 'd-notes.txt', notes),
    other: await upload(sb, 'e-archive.zip', 'PK not really a zip'),
  }
  const directRequests: Promise<Record<string, string>>[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/d/')) directRequests.push(r.allHeaders())
  })

  await openWithAccount(page, host, sandbox)
  await expect(paneRows(page, '[data-code]')).toHaveCount(6)
  await fileRow(page, 'a-picture.png').click()
  // Nothing has asked the file server for any file yet: the direct link is fetched when the preview opens.
  expect((await servedRanges(sb)).files).toEqual({})

  // The picture: the host's thumbnail, then the full image from the direct link, decoded.
  await page.keyboard.press('Space')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: a-picture.png')
  await expect(quickLook(page)).toBeFocused()
  const full = quickLook(page).getByTestId('ql-image')
  await expect.poll(() => full.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(64)
  await expect(full).toHaveAttribute('src', /\/d\//)
  const picture = (await servedRanges(sb, { codes: [codes.picture] })).files[codes.picture] ?? []
  expect(picture.map((r) => r.status)).toContain(200)

  // → the video: it plays from the direct link, and seeking to its middle is answered with a range.
  await page.keyboard.press('ArrowRight')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: b-clip.webm')
  const player = quickLook(page).getByTestId('ql-video')
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && v.videoWidth))
    .toBe(160)
  const duration = await player.evaluate((v: HTMLVideoElement) => v.duration)
  expect(duration).toBeGreaterThan(1)
  expect(Number.isFinite(duration)).toBe(true)
  const seekedTo = await player.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.pause()
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true })
        v.currentTime = v.duration / 2
      }),
  )
  expect(Math.abs(seekedTo - duration / 2)).toBeLessThan(0.5)
  const clip = (await servedRanges(sb, { codes: [codes.video] })).files[codes.video] ?? []
  const ranged = clip.filter((r) => r.range !== null && r.status === 206)
  expect(ranged.length).toBeGreaterThan(0)
  expect(ranged[0]?.end).toBe(video.length - 1)

  // → the sound, 8.8 MB sent at 512 KB/s: seeking to its middle, far past what has come, asks for the bytes there.
  sandbox.setFaults({ downloadBytesPerSec: 512 * 1024 })
  await page.keyboard.press('ArrowRight')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: b-sound.wav')
  const audio = quickLook(page).getByTestId('ql-audio')
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration)).toBe(100)
  await audio.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<void>((resolve) => {
        a.addEventListener('seeked', () => resolve(), { once: true })
        a.currentTime = 50
      }),
  )
  const toneRanges = (await servedRanges(sb, { codes: [codes.sound] })).files[codes.sound] ?? []
  const middle = sound.length / 2
  const fromMiddle = toneRanges.filter(
    (r) => r.status === 206 && r.start !== null && Math.abs(r.start - middle) < 256 * 1024,
  )
  expect(fromMiddle.length).toBeGreaterThan(0)
  sandbox.setFaults({ downloadBytesPerSec: 0 })

  // → the PDF, in the browser's own viewer, from bytes main read into memory.
  await page.keyboard.press('ArrowRight')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: c-paper.pdf')
  await expect(quickLook(page).getByTestId('ql-pdf')).toHaveAttribute('src', /^blob:/)
  await expect
    .poll(() =>
      page.frames().some((f) => f.url().startsWith('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/')),
    )
    .toBe(true)
  // The page itself fetched nothing from the file server for it: main did, by range.
  const paper = (await servedRanges(sb, { codes: [codes.pdf] })).files[codes.pdf] ?? []
  expect(paper.map((r) => [r.range, r.status])).toEqual([[`bytes=0-${655359}`, 206]])

  // → the text file: its first 256 KiB only, and it says so.
  await page.keyboard.press('ArrowRight')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: d-notes.txt')
  const text = quickLook(page).getByTestId('ql-text')
  await expect(text).toContainText('note 00000 of the notes file')
  expect(await text.textContent()).toBe(notes.slice(0, 256 * 1024))
  await expect(quickLook(page).getByTestId('ql-text-cut')).toHaveText(
    `Showing the first ${formatSize(256 * 1024)} of ${formatSize(notes.length)}.`,
  )

  // → a file of no kind Quick Look shows: it says so and offers the direct link.
  await page.keyboard.press('ArrowRight')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: e-archive.zip')
  await expect(quickLook(page).getByTestId('ql-none')).toContainText(
    'Quick Look does not show files of this kind.',
  )
  await expect(quickLook(page).getByRole('button', { name: 'Copy direct link' })).toBeVisible()
  // The last file: → stays there.
  await page.keyboard.press('ArrowRight')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: e-archive.zip')

  // ← back, then Esc: closed, and the grid has focus on the row last shown, selected.
  await page.keyboard.press('ArrowLeft')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: d-notes.txt')
  await page.keyboard.press('Escape')
  await expect(quickLook(page)).toHaveCount(0)
  await expectCursorOn(page, 'd-notes.txt')
  await expect(fileRow(page, 'd-notes.txt')).toHaveAttribute('aria-selected', 'true')

  // Space opens, Space closes; focus back on the same row.
  await page.keyboard.press('Space')
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: d-notes.txt')
  await page.keyboard.press('Space')
  await expect(quickLook(page)).toHaveCount(0)
  await expectCursorOn(page, 'd-notes.txt')

  // The tick moved to Ctrl+Space: it unticks the cursor row and opens nothing.
  await page.keyboard.press('Control+Space')
  await expect(fileRow(page, 'd-notes.txt')).toHaveAttribute('aria-selected', 'false')
  await expect(quickLook(page)).toHaveCount(0)

  // The page loaded the file server's links without the browser host's cookie (127.0.0.1 is one site).
  expect(directRequests.length).toBeGreaterThan(0)
  for (const headers of await Promise.all(directRequests)) expect(headers.cookie).toBeUndefined()
})

test('the details panel’s Preview button opens Quick Look of the file shown there', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await upload(sb, 'readme.txt', 'Read me first.\n')
  await openWithAccount(page, host, sandbox)
  await fileRow(page, 'readme.txt').click()
  await page.keyboard.press('Alt+Enter')
  await page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Preview' }).click()
  await expect(quickLook(page)).toHaveAccessibleName('Quick Look: readme.txt')
  await expect(quickLook(page).getByTestId('ql-text')).toHaveText('Read me first.\n')
  await page.keyboard.press('Escape')
  await expect(quickLook(page)).toHaveCount(0)
  await expectCursorOn(page, 'readme.txt')
})

test('in Arabic, right to left, the left arrow goes on to the next file and the right arrow back', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await upload(sb, 'a-first.txt', 'first\n')
  await upload(sb, 'b-second.txt', 'second\n')
  await openWithAccount(page, host, sandbox)
  // The row is found by the grid's English name, then the window turns Arabic in place, the row still focused.
  await fileRow(page, 'a-first.txt').click()
  await setLanguage(page, 'ar', 'ar')
  const preview = page.getByRole('dialog', { name: /^معاينة سريعة: / })
  await expect(page.locator('[role="grid"] [role="row"][aria-selected="true"]')).toContainText('a-first.txt')
  await page.keyboard.press('Space')
  await expect(preview).toHaveAccessibleName('معاينة سريعة: a-first.txt')
  await page.keyboard.press('ArrowLeft')
  await expect(preview).toHaveAccessibleName('معاينة سريعة: b-second.txt')
  await page.keyboard.press('ArrowRight')
  await expect(preview).toHaveAccessibleName('معاينة سريعة: a-first.txt')
})
