import type { CDPSession } from '@playwright/test'
import { quantile, round } from './stats.ts'

/** Chromium's TaskDuration so far: the main thread's busy seconds. */
export async function taskDuration(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>
  }
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0
}

/** What a scroll's frame intervals and the main thread's busy seconds over it say, as the README quotes them. */
export function frameFigures(intervals: readonly number[], busySec: number) {
  return {
    frames: intervals.length,
    frameP95Ms: round(quantile(intervals, 0.95), 2),
    frameP99Ms: round(quantile(intervals, 0.99), 2),
    framesOver20Ms: intervals.filter((f) => f > 20).length,
    mainThreadBusyPerFrameMs: round((busySec * 1000) / Math.max(1, intervals.length), 2),
  }
}

/** The JS heap in MB once a garbage collection has left only what the page still holds. */
export async function jsHeapAfterGcMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  return round(usedSize / 1024 / 1024, 1)
}
