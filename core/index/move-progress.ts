import { PROGRESS_INTERVAL_MS, throttledProgress } from '../events/throttled-progress.ts'
import type { MoveProgress } from './move-selection.ts'

/** A move's progress toast: the last report is the one where every file has settled, moved or failed. */
export function throttledMoveProgress(
  send: (progress: MoveProgress) => void,
  intervalMs = PROGRESS_INTERVAL_MS,
  now: () => number = Date.now,
): (progress: MoveProgress) => void {
  return throttledProgress(send, (p) => p.moved + p.failed === p.total, intervalMs, now)
}
