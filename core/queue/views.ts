import { emptyTotals, type QueueItemState, type QueueItemView, type QueueTotals } from '../../shared/queue.ts'
import type { ItemRun } from './item-run.ts'
import type { ProgressMeter } from './progress.ts'
import type { ItemRecord } from './records.ts'

export function viewState(item: ItemRecord, run: ItemRun): QueueItemState {
  return run.stateOf(item)
}

export function itemView(
  item: ItemRecord,
  rt: ItemRun,
  progress: ProgressMeter,
  pageLink: (item: ItemRecord) => string | null,
): QueueItemView {
  const state = viewState(item, rt)
  return {
    id: item.id,
    batchId: item.batchId,
    kind: item.kind,
    accountId: item.accountId,
    name: item.name,
    relPath: [...item.relDir, ...(item.kind === 'folder' ? [] : [item.name])].join('/'),
    source: item.source,
    fldId: item.baseFldId,
    targetFldId: item.targetFldId,
    size: item.size,
    state,
    phase: state === 'running' || state === 'pending' ? rt.phase : null,
    attempts: item.attempts,
    bytesSent: state === 'done' ? (item.size ?? 0) : progress.sentOf(item.id),
    nextAttemptAt: state === 'retrying' ? rt.nextAttemptAt : null,
    fileCode: item.fileCode,
    pageLink: pageLink(item),
    error: item.error,
    addedAt: item.addedAt,
    finishedAt: item.finishedAt,
  }
}

export { emptyTotals }

/** O(items); called at most ten times a second (progress) and for snapshots. */
export function totals(
  items: Iterable<ItemRecord>,
  runtimeOf: (id: string) => ItemRun,
  progress: ProgressMeter,
): QueueTotals {
  const t = emptyTotals()
  for (const item of items) {
    const state = viewState(item, runtimeOf(item.id))
    t.items++
    t[state]++
    if (item.kind !== 'file' || state === 'cancelled') continue
    const size = item.size ?? 0
    t.totalBytes += size
    if (state === 'done') t.doneBytes += size
    else if (state === 'running') t.doneBytes += Math.min(size, progress.sentOf(item.id))
  }
  t.bytesPerSec = Math.round(progress.bytesPerSec())
  const left = t.totalBytes - t.doneBytes - failedBytes(items)
  t.etaSec = t.bytesPerSec > 0 ? Math.ceil(Math.max(0, left) / t.bytesPerSec) : null
  return t
}

function failedBytes(items: Iterable<ItemRecord>): number {
  let n = 0
  for (const item of items) if (item.kind === 'file' && item.state === 'failed') n += item.size ?? 0
  return n
}
