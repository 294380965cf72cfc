/** A progress bar or toast needs a few updates a second; one per file of a 100,000-file job would flood the bridge. */
export const PROGRESS_INTERVAL_MS = 250

/**
 * Throttles a job's progress reports (a move, a verify): the first and the last (`isLast`: every file settled)
 * always go out, those between at most once per interval, so the page's bar starts at once and always ends.
 */
export function throttledProgress<T>(
  send: (progress: T) => void,
  isLast: (progress: T) => boolean,
  intervalMs = PROGRESS_INTERVAL_MS,
  now: () => number = Date.now,
): (progress: T) => void {
  let last: number | null = null
  return (progress) => {
    const t = now()
    if (!isLast(progress) && last !== null && t - last < intervalMs) return
    last = t
    send(progress)
  }
}
