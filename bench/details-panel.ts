import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { addAccountInPage, launchChromium, startAppHost } from './app-host.ts'
import { startReady } from './lib/child.ts'
import { median, round } from './lib/stats.ts'

interface Sandbox {
  baseUrl: string
  apiKey: string
}

const FILES = 100_000
const FOLDER = 'Bulk'

/**
 * The details panel beside a folder of 100,000 files, in Debian's Chromium on the built page through the browser
 * host: a click on a file until the panel shows the host's own record of it (one file/info round trip through
 * main), and Ctrl+A until the panel shows the whole folder's count and size (counted in main, never walked in the
 * page). Times run from the input event to the frame after the panel holds the answer.
 */
export async function benchDetailsPanel(work: string, rounds: number, files = FILES) {
  execFileSync(process.execPath, ['scripts/build-renderer-if-stale.mjs'], { stdio: 'inherit' })
  const sandbox = await startReady<Sandbox>(
    'sandbox/main.ts',
    ['--port', '0', '--data', join(work, 'details-sb'), '--seed-files', String(files), '--seed-flat'],
    120_000,
  )
  const host = await startAppHost(join(work, 'details-host'))
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(host.url)
    await addAccountInPage(page, { label: 'Bench', ...sandbox.ready })
    await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: FOLDER }).click()
    await page
      .getByTestId('status-count')
      .filter({ hasText: `${files.toLocaleString('en-US')} files` })
      .waitFor({ timeout: 600_000 })
    await page.getByRole('button', { name: 'Details', exact: true }).click()
    await installAfterPaint(page)

    const oneFile: number[] = []
    const selectAll: number[] = []
    for (let i = 0; i < Math.max(rounds, 5); i++) {
      // A different row each round, so no answer comes from a cache.
      oneFile.push(await timeOneFile(page, i + 1))
      selectAll.push(await timeSelectAll(page, files))
    }
    return {
      files,
      oneFileHostRecordMs: { median: round(median(oneFile), 1), max: round(Math.max(...oneFile), 1) },
      selectAllCountMs: { median: round(median(selectAll), 1), max: round(Math.max(...selectAll), 1) },
      loadAverage1min: round(loadavg()[0] ?? 0, 1),
      targets: 'one file < 150 ms, Ctrl+A count < 1 s',
    }
  } finally {
    await browser.close()
    await host.stop()
    await sandbox.stop()
  }
}

declare global {
  interface Window {
    afterPaint: (ready: () => boolean) => Promise<void>
  }
}

/** As in app-files.ts (installed through DevTools, since the page's CSP forbids eval), with a time limit. */
async function installAfterPaint(page: Page): Promise<void> {
  await page.evaluate('globalThis.__name = (f) => f')
  await page.evaluate(() => {
    // Gives up after 30 s, so a panel that never answers fails the run instead of hanging it.
    window.afterPaint = (ready) =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + 30_000
        const check = () => {
          if (ready()) requestAnimationFrame(() => setTimeout(resolve, 0))
          else if (performance.now() > deadline)
            reject(new Error('the details panel did not show the answer'))
          else requestAnimationFrame(check)
        }
        check()
      })
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
