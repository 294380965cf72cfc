import type { CDPSession } from '@playwright/test'
import { quantile, round } from './stats.ts'

/** Seconds Chromium's main thread has spent so far: on all its tasks, and on style recalculation and layout. */
export interface MainThreadTime {
  busy: number
  style: number
  layout: number
}

/** Chromium's own counters (Performance domain, enabled on `cdp`): cheap to read, unlike a trace. */
export async function mainThreadTime(cdp: CDPSession): Promise<MainThreadTime> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>
  }
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
  return {
    busy: metric('TaskDuration'),
    style: metric('RecalcStyleDuration'),
    layout: metric('LayoutDuration'),
  }
}

/** Seconds of style recalculation and layout between two readings: what a list's markup and CSS cost. */
export function styleAndLayoutSec(before: MainThreadTime, after: MainThreadTime): number {
  return after.style - before.style + after.layout - before.layout
}

/**
 * What a scroll's frame intervals and the main thread's time over it (`before` and `after` it) say, as the README
 * quotes them. Style and layout apart from the rest: they are what a list's markup and CSS cost per frame.
 */
export function frameFigures(intervals: readonly number[], before: MainThreadTime, after: MainThreadTime) {
  const perFrameMs = (sec: number) => round((sec * 1000) / Math.max(1, intervals.length), 2)
  return {
    frames: intervals.length,
    frameP95Ms: round(quantile(intervals, 0.95), 2),
    frameP99Ms: round(quantile(intervals, 0.99), 2),
    framesOver20Ms: intervals.filter((f) => f > 20).length,
    mainThreadBusyPerFrameMs: perFrameMs(after.busy - before.busy),
    styleAndLayoutPerFrameMs: perFrameMs(styleAndLayoutSec(before, after)),
  }
}

/**
 * The elements whose style Chromium recalculated while `work` ran, from a trace of it (its UpdateLayoutTree events'
 * element counts), and the recalculations. What a scrolled list's markup costs, counted rather than timed: a moved
 * row drawn as divs is one element to restyle, the same row as a table row five (the row and each of its cells),
 * and the time follows the count (0.02 against 0.4 ms a row when the list was changed to divs).
 */
export async function styleRecalcsWhile<T>(
  cdp: CDPSession,
  work: () => Promise<T>,
): Promise<{ value: T; elementsRestyled: number; recalcs: number }> {
  type TraceEvent = { name: string; ph: string; args?: { elementCount?: number } }
  const events: TraceEvent[] = []
  // (Playwright's type for the events is narrower than what Chromium sends.)
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]))
  cdp.on('Tracing.dataCollected', collect)
  try {
    await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' })
    let value: T
    try {
      value = await work()
    } finally {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
      await cdp.send('Tracing.end')
      await complete
    }
    const recalcs = events.filter((e) => e.name === 'UpdateLayoutTree' && (e.ph === 'X' || e.ph === 'E'))
    const elementsRestyled = recalcs.reduce((sum, e) => sum + (e.args?.elementCount ?? 0), 0)
    return { value, elementsRestyled, recalcs: recalcs.length }
  } finally {
    cdp.off('Tracing.dataCollected', collect)
  }
}

/** The JS heap in MB once a garbage collection has left only what the page still holds. */
export async function jsHeapAfterGcMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  return round(usedSize / 1024 / 1024, 1)
}
