import type { Page } from '@playwright/test'

/**
 * Scrolls from the top, 10 rows a frame, for `maxFrames` frames or to the bottom: each frame's interval, the frames
 * run, and the row elements inserted meanwhile. Leaves a mark in the trace every 500 frames (and at the bottom),
 * where mainThreadCpu cuts the main thread's time into frames.
 */
export function scrollFrames(page: Page, maxFrames: number) {
  return page.evaluate(async (maxFrames) => {
    const el = document.querySelector('.files-scroll') as HTMLElement
    el.scrollTop = 0
    const step = 36 * 10
    const intervals: number[] = []
    let frames = 0
    let inserted = 0
    const rows = new MutationObserver((changes) => {
      for (const change of changes) inserted += change.addedNodes.length
    })
    rows.observe(el.querySelector('.files-body') as HTMLElement, { childList: true })
    await new Promise<void>((resolve) => {
      let last = -1
      const frame = (t: number) => {
        if (last >= 0) intervals.push(t - last)
        last = t
        if (frames % 500 === 0) performance.mark(`filedock-frame-${frames}`)
        frames++
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) {
          performance.mark(`filedock-frame-${frames}`)
          return resolve()
        }
        if (frames >= maxFrames) return resolve()
        el.scrollTop += step
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    rows.disconnect()
    return { intervals, frames, inserted }
  }, maxFrames)
}
