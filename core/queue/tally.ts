import { emptyTotals, type QueueItemState, type QueueTotals } from '../../shared/queue.ts'
import type { ItemRecord } from './records.ts'

/**
 * The queue's counts and bytes, kept up to date as items change state (QueueCore.changed) instead of summed over
 * every item for each progress event: a 10,000-file queue costs the same per event as a 10-file one. Only the
 * bytes sent by running items are summed at read time, over the running ones alone.
 */
export class QueueTally {
  private readonly t = emptyTotals()
  /** Running files and their sizes. */
  private readonly running = new Map<string, number>()

  /** The item's shown state went from `prev` (null: first seen) to `next`. */
  move(item: ItemRecord, prev: QueueItemState | null, next: QueueItemState): void {
    if (prev !== null) this.count(item, prev, -1)
    this.count(item, next, 1)
  }

  /** The item left the queue in state `last`. */
  drop(item: ItemRecord, last: QueueItemState): void {
    this.count(item, last, -1)
  }

  /**
   * The totals now. `sentOf` gives a running transfer's bytes so far; `bytesPerSec` the measured speed, shown
   * only while something is running (a speed with nothing moving would be the tail of the last transfer).
   */
  read(sentOf: (id: string) => number, bytesPerSec: number): QueueTotals {
    const t = { ...this.t }
    for (const [id, size] of this.running) t.doneBytes += Math.min(size, sentOf(id))
    const moving = t.running + t.pending > 0
    t.bytesPerSec = moving ? Math.round(bytesPerSec) : 0
    const left = Math.max(0, t.totalBytes - t.doneBytes - t.failedBytes)
    t.etaSec = t.bytesPerSec > 0 ? Math.ceil(left / t.bytesPerSec) : null
    return t
  }

  private count(item: ItemRecord, state: QueueItemState, sign: 1 | -1): void {
    const t = this.t
    t.items += sign
    t[state] += sign
    if (item.kind !== 'file') return
    // A file's size is fixed when it is queued (a changed file fails instead), so what was added is what goes.
    const size = item.size ?? 0
    if (state === 'running') {
      if (sign > 0) this.running.set(item.id, size)
      else this.running.delete(item.id)
    }
    if (state === 'cancelled') return
    t.totalBytes += sign * size
    if (state === 'done') t.doneBytes += sign * size
    if (state === 'failed') t.failedBytes += sign * size
  }
}
