import { loadavg } from 'node:os'
import type { CDPSession, Page } from '@playwright/test'
import { installAfterPaint } from './lib/after-paint.ts'
import { frameFigures, jsHeapAfterGcMB, mainThreadTime, styleRecalcsWhile } from './lib/frame-figures.ts'
import { scrollFrames } from './lib/scroll-frames.ts'
import { openFolderUntilCounted, withSeededApp } from './lib/seeded-app.ts'
import { medianAndMax, round } from './lib/stats.ts'

const FILES = 100_000
/** The flat seed's one folder, holding every file. */
const FOLDER = 'Bulk'

/**
 * The file pane on a folder of 100,000 files, measured in Debian's Chromium on the built page through the browser
 * host, the way a user meets it: opening the view, changing the sort, End, and scrolling the whole list. Times are
 * from the input event to the frame after the rows are in the DOM (so layout and paint of that frame count).
 */
export async function benchAppFiles(work: string, rounds: number, options: { scrollOnly?: boolean } = {}) {
  return withSeededApp({ work, name: 'app', files: FILES, flat: true }, async ({ page }) => {
    const indexStarted = performance.now()
    await openFolderUntilCounted(page, FOLDER, FILES)
    const indexedMs = performance.now() - indexStarted
    await installAfterPaint(page)

    const open: number[] = []
    const sort: number[] = []
    const end: number[] = []
    // `--only app-scroll`: the scroll alone (a quicker run when only frame times are wanted).
    for (let i = 0; i < (options.scrollOnly ? 0 : Math.max(rounds, 5)); i++) {
      await page.getByRole('button', { name: 'Upload history' }).click()
      await page.getByRole('grid', { name: 'Files' }).waitFor({ state: 'detached' })
      open.push(await timeOpen(page))
      for (const column of ['Size', 'Size', 'Downloads', 'Name']) sort.push(await timeSort(page, column))
      end.push(await timeEnd(page))
    }
    const scroll = await scrollAll(page)
    const timed = (ms: number[]) => (ms.length === 0 ? null : medianAndMax(ms))
    return {
      files: FILES,
      indexedInMs: Math.round(indexedMs),
      openFirstRowsMs: timed(open),
      sortChangeMs: timed(sort),
      endLastRowMs: timed(end),
      scroll,
      // The machine's load while measuring: frame times on a shared 2-core machine move with it.
      loadAverage1min: round(loadavg()[0] ?? 0, 1),
      targets: 'open < 150 ms, sort and End < 100 ms, frame p95 < 16.7 ms, heap < 150 MB, DOM < 2,000',
    }
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
    await window.afterPaint(
      () => document.querySelector('[role="grid"] .files-body [role="row"][data-code]') !== null,
    )
    return performance.now() - t0
  }, FOLDER)
}

/** A header click: time until the top rows are the newly sorted ones, fetched and painted. */
function timeSort(page: Page, column: string): Promise<number> {
  return page.evaluate(async (name) => {
    const th = [...document.querySelectorAll('[role="grid"] [role="columnheader"]')].find(
      (h) => h.textContent?.trim() === name,
    )
    const before = th?.getAttribute('aria-sort')
    const t0 = performance.now()
    th?.querySelector('button')?.click()
    await window.afterPaint(() => {
      const now = [...document.querySelectorAll('[role="grid"] [role="columnheader"]')].find(
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
 * sees), the main thread's busy time over the whole run (Chromium's TaskDuration, per frame) and its CPU time (the
 * renderer main thread's tasks in a trace, per frame): on a loaded machine the wall-clock figures grow with the
 * load, the CPU time much less. The CPU time of the first and the last 1,000 frames shows whether a frame's work
 * grows with the rows passed. Then the JS heap and the number of DOM elements, which must not have grown either,
 * how many row elements were inserted while scrolling (the list rewrites rows in place: none), what a scroll
 * allocates, and the elements restyled per row it moves.
 */
async function scrollAll(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  await cdp.send('Tracing.start', {
    categories: 'toplevel,blink.user_timing',
    transferMode: 'ReturnAsStream',
  })
  const before = await mainThreadTime(cdp)
  const run = await scrollFrames(page, Number.POSITIVE_INFINITY)
  const after = await mainThreadTime(cdp)
  const cpu = mainThreadCpu(await endTrace(cdp), run.frames)
  const jsHeapAfterMB = await jsHeapAfterGcMB(cdp)
  const domElements = await page.evaluate(() => document.getElementsByTagName('*').length)
  const lastShown = await page.locator('#file-99999[data-code]').count()
  return {
    ...frameFigures(run.intervals, before, after),
    mainThreadCpuPerFrameMs: cpu,
    rowElementsInserted: run.inserted,
    reachedLastRow: lastShown === 1,
    jsHeapAfterMB,
    domElements,
    allocatedPer1000FramesMB: await allocatedPer1000FramesMB(page),
    elementsRestyledPerRowMoved: await restyledPerRowMoved(page),
  }
}

/**
 * What the page allocates (collected or not) per 1,000 scrolled frames, from V8's sampling heap profiler over a
 * scroll of its own: the garbage a frame makes is what sets how often the collector runs mid-scroll. Taken apart
 * from the timed scroll, whose frames the profiler would slow.
 */
async function allocatedPer1000FramesMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  })
  const { frames } = await scrollFrames(page, 1000)
  const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: SampledNode } }
  await cdp.detach()
  const bytes = (n: SampledNode): number => n.selfSize + n.children.reduce((sum, c) => sum + bytes(c), 0)
  return round(bytes(profile.head) / 1e6 / (frames / 1000), 1)
}

/**
 * The elements Chromium restyles for each row a scroll moves (ten a frame), from a trace of a 1,000-frame scroll of
 * its own (tracing would slow the timed one): what e2e/scroll-rows.spec.ts bounds, the cause of the style time.
 */
async function restyledPerRowMoved(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  const { value, elementsRestyled } = await styleRecalcsWhile(cdp, () => scrollFrames(page, 1000))
  await cdp.detach()
  return round(elementsRestyled / (value.frames * 10), 2)
}

interface SampledNode {
  selfSize: number
  children: SampledNode[]
}

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  tdur?: number
  args?: { name?: string }
}

async function endTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  const { stream } = await complete
  if (!stream) throw new Error('Chromium returned no trace')
  const chunks: string[] = []
  for (;;) {
    const read = (await cdp.send('IO.read', { handle: stream, size: 1 << 22 })) as {
      data: string
      base64Encoded?: boolean
      eof: boolean
    }
    chunks.push(read.base64Encoded ? Buffer.from(read.data, 'base64').toString() : read.data)
    if (read.eof) break
  }
  await cdp.send('IO.close', { handle: stream })
  const trace = JSON.parse(chunks.join('')) as TraceEvent[] | { traceEvents: TraceEvent[] }
  return Array.isArray(trace) ? trace : trace.traceEvents
}

/**
 * CPU time of the page's main thread per frame: its top-level tasks' thread time, over the whole scroll and over
 * its first and last 1,000 frames, cut at the marks the page left every 500 frames.
 */
function mainThreadCpu(events: readonly TraceEvent[], frames: number) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const tasks = events.filter(
    (e) =>
      e.name === 'ThreadControllerImpl::RunTask' &&
      e.ph === 'X' &&
      e.pid === main?.pid &&
      e.tid === main?.tid &&
      e.tdur !== undefined,
  )
  const marks = new Map(
    events.filter((e) => e.name.startsWith('filedock-frame-')).map((e) => [e.name, e.ts] as const),
  )
  const mark = (frame: number) => marks.get(`filedock-frame-${frame}`)
  const perFrame = (from: number, to: number) => {
    const [start, end] = [mark(from), mark(to)]
    if (start === undefined || end === undefined || to <= from) return null
    const cpuUs = tasks.filter((t) => t.ts >= start && t.ts < end).reduce((sum, t) => sum + (t.tdur ?? 0), 0)
    return round(cpuUs / 1000 / (to - from), 2)
  }
  const lastMarked = Math.floor((frames - 1) / 500) * 500
  return {
    all: perFrame(0, frames),
    first1000Frames: perFrame(0, Math.min(1000, lastMarked)),
    last1000Frames: perFrame(Math.max(0, lastMarked - 1000), lastMarked),
  }
}
