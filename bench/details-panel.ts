import { loadavg } from 'node:os'
import type { Page } from '@playwright/test'
import { installAfterPaint } from './lib/after-paint.ts'
import { openFolderUntilCounted, withSeededApp } from './lib/seeded-app.ts'
import { medianAndMax, round } from './lib/stats.ts'

const FILES = 100_000
const FOLDER = 'Bulk'

/**
 * The details panel beside a folder of 100,000 files, in Debian's Chromium on the built page through the browser
 * host: a click on a file until the panel shows the host's own record of it (one file/info round trip through
 * main), and Ctrl+A until the panel shows the whole folder's count and size (counted in main, never walked in the
 * page). Times run from the input event to the frame after the panel holds the answer.
 */
export async function benchDetailsPanel(work: string, rounds: number, files = FILES) {
  return withSeededApp({ work, name: 'details', files, flat: true }, async ({ page }) => {
    await openFolderUntilCounted(page, FOLDER, files)
    await page.getByRole('button', { name: 'Details', exact: true }).click()
    await installAfterPaint(page, { ms: 30_000, failure: 'the details panel did not show the answer' })

    const oneFile: number[] = []
    const selectAll: number[] = []
    for (let i = 0; i < Math.max(rounds, 5); i++) {
      // A different row each round, so no answer comes from a cache.
      oneFile.push(await timeOneFile(page, i + 1))
      selectAll.push(await timeSelectAll(page, files))
    }
    return {
      files,
      oneFileHostRecordMs: medianAndMax(oneFile),
      selectAllCountMs: medianAndMax(selectAll),
      loadAverage1min: round(loadavg()[0] ?? 0, 1),
      targets: 'one file < 150 ms, Ctrl+A count < 1 s',
    }
  })
}

/** A click on row `index`: until the panel names that file and the host's record has replaced the index's. */
function timeOneFile(page: Page, index: number): Promise<number> {
  return page.evaluate(async (i) => {
    const row = document.getElementById(`file-${i}`) as HTMLElement
    const code = row.getAttribute('data-code')
    // A press on a file of a whole selection keeps the selection (it may start a drag): clear it first.
    row
      .closest('[role="grid"]')
      ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    const t0 = performance.now()
    row.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }))
    await window.afterPaint(() => {
      const shown = document.querySelector('[data-testid="details-code"]')?.textContent
      return shown === code && document.querySelector('[data-testid="details-checking"]') === null
    })
    return performance.now() - t0
  }, index)
}

/** Ctrl+A on the grid: until the panel shows the whole folder's count, no longer busy. */
async function timeSelectAll(page: Page, files: number): Promise<number> {
  await page.getByRole('grid', { name: 'Files' }).focus()
  return page.evaluate(
    async (count) => {
      const grid = document.querySelector('[role="grid"]') as HTMLElement
      const t0 = performance.now()
      grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true }))
      await window.afterPaint(() => {
        const shown = document.querySelector('[data-testid="details-count"]')
        return shown?.textContent === count && shown.closest('[aria-busy="true"]') === null
      })
      return performance.now() - t0
    },
    `${files.toLocaleString('en-US')} files`,
  )
}
