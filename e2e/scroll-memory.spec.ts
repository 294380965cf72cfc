import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { openAllFiles } from './index-helpers.ts'

test.use({ seedFiles: 5000 })

/**
 * How many file rows (objects with a fileCode) the page holds now. Runtime.queryObjects collects garbage first,
 * so what it finds is what is still reachable.
 */
async function rowsHeld(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const proto = (await cdp.send('Runtime.evaluate', { expression: 'Object.prototype' })).result.objectId
    const found = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto as string })
    const counted = await cdp.send('Runtime.callFunctionOn', {
      objectId: found.objects.objectId as string,
      functionDeclaration:
        'function () { return this.filter((o) => typeof o.fileCode === "string" && "folderPath" in o).length }',
      returnByValue: true,
    })
    return counted.result.value as number
  } finally {
    await cdp.detach()
  }
}

/** Scrolls the list to its end at 10 rows a frame, as a person flicking through it does (and the app bench). */
function scrollToEnd(page: Page): Promise<void> {
  return page.locator('.files-scroll').evaluate(
    (el) =>
      new Promise<void>((done) => {
        const frame = () => {
          const before = el.scrollTop
          el.scrollTop += 360
          if (el.scrollTop === before) return done()
          requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      }),
  )
}

// The windows scrolled past are let go once their keep time (15 s) runs out. Each window's query used to keep
// the render that made it alive, and through it every earlier window: a long scroll held every row it had
// passed, and garbage collection slowed frames down more the longer the list was scrolled.
test('rows scrolled past are let go: a scroll through 5,000 files keeps only the windows near the view', async ({
  page,
  host,
  sandbox,
}) => {
  test.setTimeout(120_000)
  await openAllFiles(page, host, sandbox, 5000)
  await scrollToEnd(page)
  await expect(page.locator('#file-4999[data-code]')).toBeVisible()
  // Straight after the scroll the recent windows are still kept: rows are held, so the count below means something.
  expect(await rowsHeld(page)).toBeGreaterThan(1000)
  // Once the keep time has passed, only the windows around the last rows in view remain, with the ones the last
  // renders still point at: a few windows of 200, not the 25 scrolled through.
  await expect.poll(() => rowsHeld(page), { timeout: 40_000, intervals: [2_000] }).toBeLessThanOrEqual(1000)
})
