import {
  emptyTotals,
  type QueueItemPhase,
  type QueueItemState,
  type QueueItemView,
  type QueueTotals,
} from '../../shared/queue.ts'
import type { ProgressMeter } from './progress.ts'
import type { ItemRecord } from './records.ts'

/** What the engine knows of an item beyond its journal record: nothing here survives a restart. */
export interface Runtime {
  /** idle: in line (or paused/final per the record); running: a worker has it; retrying: backoff. */
  run: 'idle' | 'running' | 'retrying' | 'pending'
  phase: QueueItemPhase | null
  abort: AbortController | null
  /** Why the engine aborted the running attempt. */
  abortReason: 'pause' | 'cancel' | 'halt' | 'close' | null
  retryTimer: NodeJS.Timeout | null
  nextAttemptAt: number | null
  /** The item holds its name lock (name-lock.ts). */
  holdsName: boolean
  /** The state last reported, to keep the per-state counters right. */
  shown: QueueItemState | null
}

export function newRuntime(): Runtime {
  return {
    run: 'idle',
    phase: null,
    abort: null,
    abortReason: null,
    retryTimer: null,
    nextAttemptAt: null,
    holdsName: false,
    shown: null,
  }
}

export function viewState(item: ItemRecord, rt: Runtime): QueueItemState {
  if (item.state !== 'queued') return item.state
  return rt.run === 'idle' ? 'queued' : rt.run
}

export function itemView(
  item: ItemRecord,
  rt: Runtime,
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
  runtimeOf: (id: string) => Runtime,
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
