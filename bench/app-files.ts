import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { addAccountInPage, launchChromium, startAppHost } from './app-host.ts'
import { startReady } from './lib/child.ts'
import { median, quantile, round } from './lib/stats.ts'

interface Sandbox {
  baseUrl: string
  apiKey: string
}

const FILES = 100_000
/** The flat seed's one folder, holding every file. */
const FOLDER = 'Bulk'

/**
 * The file pane on a folder of 100,000 files, measured in Debian's Chromium on the built page through the browser
 * host, the way a user meets it: opening the view, changing the sort, End, and scrolling the whole list. Times are
 * from the input event to the frame after the rows are in the DOM (so layout and paint of that frame count).
 */
export async function benchAppFiles(work: string, rounds: number) {
  execFileSync(process.execPath, ['scripts/build-renderer-if-stale.mjs'], { stdio: 'inherit' })
  const sandbox = await startReady<Sandbox>(
    'sandbox/main.ts',
    ['--port', '0', '--data', join(work, 'app-sb'), '--seed-files', String(FILES), '--seed-flat'],
    120_000,
  )
  const host = await startAppHost(join(work, 'app-host'))
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(host.url)
    await addAccountInPage(page, { label: 'Bench', ...sandbox.ready })
    const indexStarted = performance.now()
    await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: FOLDER }).click()
    await page
      .getByTestId('status-count')
      .filter({ hasText: `${FILES.toLocaleString('en-US')} files` })
      .waitFor({ timeout: 600_000 })
    const indexedMs = performance.now() - indexStarted
    await installAfterPaint(page)

    const open: number[] = []
    const sort: number[] = []
    const end: number[] = []
    for (let i = 0; i < Math.max(rounds, 5); i++) {
      await page.getByRole('button', { name: 'Upload history' }).click()
      await page.getByRole('grid', { name: 'Files' }).waitFor({ state: 'detached' })
      open.push(await timeOpen(page))
      for (const column of ['Size', 'Size', 'Downloads', 'Name']) sort.push(await timeSort(page, column))
      end.push(await timeEnd(page))
    }
    const scroll = await scrollAll(page)
    return {
      files: FILES,
      indexedInMs: Math.round(indexedMs),
      openFirstRowsMs: { median: round(median(open), 1), max: round(Math.max(...open), 1) },
      sortChangeMs: { median: round(median(sort), 1), max: round(Math.max(...sort), 1) },
      endLastRowMs: { median: round(median(end), 1), max: round(Math.max(...end), 1) },
      scroll,
      // The machine's load while measuring: frame times on a shared 2-core machine move with it.
      loadAverage1min: round(loadavg()[0] ?? 0, 1),
      targets: 'open < 150 ms, sort and End < 100 ms, frame p95 < 16.7 ms, heap < 150 MB, DOM < 2,000',
    }
  } finally {
    await browser.close()
    await host.stop()
    await sandbox.stop()
  }
}

declare global {
  interface Window {
    /** Resolves on the frame after `ready()` first holds: the rows are in the DOM and have been painted. */
    afterPaint: (ready: () => boolean) => Promise<void>
  }
}

/** Installed through the DevTools protocol (the page's CSP forbids eval, and the bench must not loosen it). */
async function installAfterPaint(page: Page): Promise<void> {
  // tsx compiles the functions handed to page.evaluate with esbuild's keepNames, which calls a __name helper
  // that exists only in Node; in the page it is the identity.
  await page.evaluate('globalThis.__name = (f) => f')
  await page.evaluate(() => {
    window.afterPaint = (ready) =>
      new Promise((resolve) => {
        const check = () =>
          ready() ? requestAnimationFrame(() => setTimeout(resolve, 0)) : requestAnimationFrame(check)
        check()
      })
  })
}

/** Click the 100,000-file folder in the sidebar: time to its first rows painted. */
function timeOpen(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    const item = [...document.querySelectorAll<HTMLElement>('[role="treeitem"]')].find(
      (b) => b.textContent?.trim() === name,
    )
    const t0 = performance.now()
    item?.click()
    await window.afterPaint(() => document.querySelector('[role="grid"] tbody tr[data-code]') !== null)
    return performance.now() - t0
  }, FOLDER)
}

/** A header click: time until the top rows are the newly sorted ones, fetched and painted. */
function timeSort(page: Page, column: string): Promise<number> {
  return page.evaluate(async (name) => {
    const th = [...document.querySelectorAll('[role="grid"] th')].find((h) => h.textContent?.trim() === name)
    const before = th?.getAttribute('aria-sort')
    const t0 = performance.now()
    th?.querySelector('button')?.click()
    await window.afterPaint(() => {
      const now = [...document.querySelectorAll('[role="grid"] th')].find(
        (h) => h.textContent?.trim() === name,
      )
      const first = document.getElementById('file-0')
      return now?.getAttribute('aria-sort') !== before && first?.getAttribute('data-code') != null
    })
    return performance.now() - t0
  }, column)
}

/** End on the focused grid: time until the 100,000th row is painted; Home brings the view back for the next round. */
async function timeEnd(page: Page): Promise<number> {
  const grid = page.getByRole('grid', { name: 'Files' })
  await grid.focus()
  const ms = await page.evaluate(async () => {
    const grid = document.querySelector('[role="grid"]') as HTMLElement
    const last = `file-${Number(grid.getAttribute('aria-rowcount')) - 2}`
    const t0 = performance.now()
    grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }))
    await window.afterPaint(() => document.getElementById(last)?.getAttribute('data-code') != null)
    return performance.now() - t0
  })
  await page.keyboard.press('Home')
  await page.locator('#file-0[data-code]').waitFor()
  return ms
}

/**
 * Scrolls the list from the top to the bottom, 10 rows per frame, and records each frame's interval (what the eye
 * sees) and the main thread's busy time over the whole run (Chromium's TaskDuration, per frame); then the JS heap
 * and the number of DOM elements, which must not have grown with the 100,000 rows passed.
 */
async function scrollAll(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const taskBefore = await taskDuration(cdp)
  const frames = await page.evaluate(async () => {
    const el = document.querySelector('.files-scroll') as HTMLElement
    el.scrollTop = 0
    const step = 36 * 10
    const intervals: number[] = []
    await new Promise<void>((resolve) => {
      let last = -1
      const frame = (t: number) => {
        if (last >= 0) intervals.push(t - last)
        last = t
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return resolve()
        el.scrollTop += step
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    return intervals
  })
  const busySec = (await taskDuration(cdp)) - taskBefore
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  const domElements = await page.evaluate(() => document.getElementsByTagName('*').length)
  const lastShown = await page.locator('#file-99999[data-code]').count()
  return {
    frames: frames.length,
    frameP95Ms: round(quantile(frames, 0.95), 2),
    frameP99Ms: round(quantile(frames, 0.99), 2),
    framesOver20Ms: frames.filter((f) => f > 20).length,
    mainThreadBusyPerFrameMs: round((busySec * 1000) / Math.max(1, frames.length), 2),
    reachedLastRow: lastShown === 1,
    jsHeapAfterMB: round(usedSize / 1024 / 1024, 1),
    domElements,
  }
}

async function taskDuration(cdp: import('@playwright/test').CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>
  }
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0
}
