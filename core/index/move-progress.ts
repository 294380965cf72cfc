import type { MoveProgress } from './move-selection.ts'

/** A progress toast needs a few updates a second; one per file of a 100,000-file move would flood the bridge. */
export const MOVE_PROGRESS_INTERVAL_MS = 250

/**
 * Throttles a move's progress reports: the first (the count) and the last (every file settled) always go out,
 * those between at most once per interval, so the page's toast starts at once and always ends.
 */
export function throttledMoveProgress(
  send: (progress: MoveProgress) => void,
  intervalMs = MOVE_PROGRESS_INTERVAL_MS,
  now: () => number = Date.now,
): (progress: MoveProgress) => void {
  let last: number | null = null
  return (progress) => {
    const t = now()
    const finished = progress.moved + progress.failed === progress.total
    if (!finished && last !== null && t - last < intervalMs) return
    last = t
    send(progress)
  }
}
