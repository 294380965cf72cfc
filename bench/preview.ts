import { loadavg } from 'node:os'
import type { CDPSession, Page } from '@playwright/test'
import { png, recordWebm, uploadBytes } from '../e2e/file-bytes.ts'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { launchChromium } from './app-host.ts'
import { withSeededApp } from './lib/seeded-app.ts'
import { medianAndMax, round } from './lib/stats.ts'

const PICTURES = 100
/** Heap read after this many pictures shown one after another (the first is the baseline). */
const HEAP_AFTER = [1, 10, 50, 100]
const pictureName = (i: number) => `p-${String(i).padStart(3, '0')}.png`
const videoName = (i: number) => `v-${i}.webm`

/**
 * Quick Look in Debian's Chromium on the built page through the browser host, against a sandbox process holding
 * 100 full-HD pictures and a few short videos: Space on a row until the picture's full image has decoded
 * (`img.decode()`) or the video has shown its first frame (`requestVideoFrameCallback`), each round a file not
 * seen before (so its direct link and bytes come from the sandbox); then the JS heap and DOM counters after a
 * forced GC, having walked through the 100 pictures with → (each one decoded before the next key), and after
 * walking back through them with ←.
 */
export async function benchPreview(work: string, rounds: number) {
  const videos = Math.max(rounds, 3)
  return withSeededApp(
    { work, name: 'preview', files: 0, prepare: (sandbox) => uploadFiles(sandbox, videos) },
    async ({ page }) => {
      await page.evaluate('globalThis.__name = (f) => f')
      // The list is virtualised: only the first screenful of rows is in the DOM; the keys reach the rest.
      await page
        .getByTestId('status-count')
        .filter({ hasText: `${PICTURES + videos} files` })
        .waitFor({ timeout: 60_000 })
      const grid = page.getByRole('grid', { name: 'Files' })
      const picture: number[] = []
      await grid
        .getByRole('row')
        .filter({ hasText: pictureName(0) })
        .click()
      for (let i = 0; i < videos; i++) {
        picture.push(await timeSpace(page, 'ql-image'))
        await closeAndStep(page, 'ArrowDown')
      }
      // The videos are the last rows: End, then up through them.
      const video: number[] = []
      await page.keyboard.press('End')
      for (let i = 0; i < videos; i++) {
        video.push(await timeSpace(page, 'ql-video'))
        await closeAndStep(page, 'ArrowUp')
      }

      const cdp = await page.context().newCDPSession(page)
      await page.keyboard.press('Home')
      await page.keyboard.press('Space')
      const heap: Record<string, unknown> = {}
      for (let i = 0; i < PICTURES; i++) {
        if (i > 0) await page.keyboard.press('ArrowRight')
        await untilShown(page, pictureName(i))
        if (HEAP_AFTER.includes(i + 1)) heap[`after${i + 1}`] = await heapNow(cdp)
      }
      // Back through the same 100 with ←: their links are cached (use-direct-link.ts, 5 minutes), so what grew
      // above per new file is that cache, and anything that grows here grows per preview shown.
      for (let i = PICTURES - 2; i >= 0; i--) {
        await page.keyboard.press('ArrowLeft')
        await untilShown(page, pictureName(i))
      }
      heap[`after${2 * PICTURES - 1}BackThroughTheSame`] = await heapNow(cdp)
      // Then 100 more between the first two only: no new row, link or scroll position, previews alone.
      for (let i = 1; i <= PICTURES; i++) {
        await page.keyboard.press(i % 2 === 1 ? 'ArrowRight' : 'ArrowLeft')
        await untilShown(page, pictureName(i % 2))
      }
      heap[`after${3 * PICTURES - 1}BetweenTwo`] = await heapNow(cdp)
      await page.keyboard.press('Escape')
      return {
        pictures: `${PICTURES} PNG, 1920×1080`,
        spaceToPictureDecodedMs: medianAndMax(picture),
        spaceToVideoFirstFrameMs: medianAndMax(video),
        rounds: videos,
        heapAfterPictures: heap,
        loadAverage1min: round(loadavg()[0] ?? 0, 1),
      }
    },
  )
}

/** 100 full-HD pictures and `videos` copies of a 2-second WebM (recorded by a browser, as the e2e suite does). */
async function uploadFiles(sandbox: SandboxRef, videos: number): Promise<void> {
  const bytes = png(1920, 1080)
  for (let i = 0; i < PICTURES; i++) await uploadBytes(sandbox, pictureName(i), bytes)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    // tsx's keepNames helper, which recordWebm's page function calls (after-paint.ts says why).
    await page.evaluate('globalThis.__name = (f) => f')
    const clip = await recordWebm(page, 2000)
    for (let i = 0; i < videos; i++) await uploadBytes(sandbox, videoName(i), clip)
  } finally {
    await browser.close()
  }
}

/**
 * Space on the row under the cursor: from the key's event time to the picture decoded, or to the video's first
 * frame handed to the compositor.
 */
async function timeSpace(page: Page, testId: 'ql-image' | 'ql-video'): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { spaceAt: number }
    w.spaceAt = 0
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key === ' ') w.spaceAt = e.timeStamp
      },
      { capture: true, once: true },
    )
  })
  await page.keyboard.press('Space')
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const spaceAt = (window as unknown as { spaceAt: number }).spaceAt
        const deadline = performance.now() + 30_000
        const check = () => {
          const el = document.querySelector(`[data-testid="${id}"]`)
          if (el instanceof HTMLImageElement)
            return void el.decode().then(() => resolve(performance.now() - spaceAt), reject)
          if (el instanceof HTMLVideoElement)
            return void el.requestVideoFrameCallback(() => resolve(performance.now() - spaceAt))
          if (performance.now() > deadline) return reject(new Error(`${id} never showed`))
          requestAnimationFrame(check)
        }
        check()
      }),
    testId,
  )
}

/** Escape closes Quick Look (focus goes back to the row), then `key` moves the cursor to another file. */
async function closeAndStep(page: Page, key: 'ArrowDown' | 'ArrowUp'): Promise<void> {
  await page.keyboard.press('Escape')
  await page.getByRole('dialog', { name: /^Quick Look: / }).waitFor({ state: 'detached' })
  await page.keyboard.press(key)
}

/** Until Quick Look names `name` and its full image has decoded. */
async function untilShown(page: Page, name: string): Promise<void> {
  await page.evaluate(
    (label) =>
      new Promise<void>((resolve, reject) => {
        const deadline = performance.now() + 30_000
        const check = () => {
          const dialog = document.querySelector('[role="dialog"].quick-look')
          const img = dialog?.querySelector('[data-testid="ql-image"]')
          if (dialog?.getAttribute('aria-label') === label && img instanceof HTMLImageElement)
            return void img.decode().then(resolve, reject)
          if (performance.now() > deadline) return reject(new Error(`${label} never showed`))
          requestAnimationFrame(check)
        }
        check()
      }),
    `Quick Look: ${name}`,
  )
}

/** The JS heap and the renderer's DOM counters after a full GC. */
async function heapNow(cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  const dom = await cdp.send('Memory.getDOMCounters')
  return {
    jsHeapMiB: round(usedSize / 2 ** 20, 2),
    domNodes: dom.nodes,
    jsEventListeners: dom.jsEventListeners,
    documents: dom.documents,
  }
}
