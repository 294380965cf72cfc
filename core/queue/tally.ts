import {
  type DirectionTotals,
  directionOf,
  type QueueItemState,
  type QueueTotals,
  type TransferDirection,
} from '../../shared/queue.ts'
import { emptyDirectionTotals } from '../../shared/queue-totals.ts'
import type { ItemRecord } from './records.ts'

/**
 * The queue's counts and bytes, kept up to date as items change state (QueueCore.changed) instead of summed over
 * every item for each progress event: a 10,000-file queue costs the same per event as a 10-file one. Only the
 * bytes moved by running items are summed at read time, over the running ones alone. Kept per direction (a
 * transfers panel filters by it) and for both together.
 */
export class QueueTally {
  private readonly t: Record<TransferDirection, DirectionTotals> = {
    up: emptyDirectionTotals(),
    down: emptyDirectionTotals(),
  }
  /** Running transfers, their sizes and directions. */
  private readonly running = new Map<string, { size: number; direction: TransferDirection }>()

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
   * The totals now. `sentOf` gives a running transfer's bytes so far; `bytesPerSec` the measured speed of a
   * direction, shown only while something of it is running (a speed with nothing moving would be the tail of the
   * last transfer).
   */
  read(sentOf: (id: string) => number, bytesPerSec: (direction: TransferDirection) => number): QueueTotals {
    const up = { ...this.t.up }
    const down = { ...this.t.down }
    const of = { up, down }
    for (const [id, r] of this.running) of[r.direction].doneBytes += Math.min(r.size, sentOf(id))
    for (const direction of ['up', 'down'] as const) {
      const d = of[direction]
      d.bytesPerSec = d.running + d.pending > 0 ? Math.round(bytesPerSec(direction)) : 0
      d.etaSec = etaOf(d)
    }
    const both = emptyDirectionTotals()
    for (const key of Object.keys(both) as (keyof DirectionTotals)[]) {
      if (key !== 'etaSec') both[key] = up[key] + down[key]
    }
    both.etaSec = etaOf(both)
    return { ...both, up, down }
  }

  private count(item: ItemRecord, state: QueueItemState, sign: 1 | -1): void {
    const direction = directionOf(item.kind)
    const t = this.t[direction]
    t.items += sign
    t[state] += sign
    if (item.kind !== 'file' && item.kind !== 'download') return
    // A file's size is fixed when it is queued (a changed file fails instead; a download's size is changed
    // through QueueCore.resize, which takes the item out of the counts first), so what was added is what goes.
    const size = item.size ?? 0
    if (state === 'running') {
      if (sign > 0) this.running.set(item.id, { size, direction })
      else this.running.delete(item.id)
    }
    if (state === 'cancelled') return
    t.totalBytes += sign * size
    if (state === 'done') t.doneBytes += sign * size
    if (state === 'failed') t.failedBytes += sign * size
  }
}

function etaOf(d: DirectionTotals): number | null {
  const left = Math.max(0, d.totalBytes - d.doneBytes - d.failedBytes)
  return d.bytesPerSec > 0 ? Math.ceil(left / d.bytesPerSec) : null
}
