import type { DirectionTotals, QueueTotals } from './queue.ts'

// Apart from queue.ts (whose types are its event schemas') so the window, which starts from these, imports no zod.

/** Totals of an empty queue: the starting point of every count. */
export function emptyTotals(): QueueTotals {
  return { ...emptyDirectionTotals(), up: emptyDirectionTotals(), down: emptyDirectionTotals() }
}

export function emptyDirectionTotals(): DirectionTotals {
  return {
    items: 0,
    queued: 0,
    running: 0,
    retrying: 0,
    pending: 0,
    paused: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
    totalBytes: 0,
    doneBytes: 0,
    failedBytes: 0,
    bytesPerSec: 0,
    etaSec: null,
  }
}
