import { join } from 'node:path'
import { directionOf, type QueueItemState, type QueueItemView } from '../../shared/queue.ts'
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
  const dl = item.download
  return {
    id: item.id,
    batchId: item.batchId,
    kind: item.kind,
    direction: directionOf(item.kind),
    accountId: item.accountId,
    name: item.name,
    relPath: [...item.relDir, ...(item.kind === 'folder' ? [] : [dl?.localName ?? item.name])].join('/'),
    source: item.source,
    fldId: item.baseFldId,
    targetFldId: item.targetFldId,
    size: item.size,
    state,
    phase: state === 'running' || state === 'pending' ? rt.phase : null,
    attempts: item.attempts,
    bytesDone: state === 'done' ? (item.size ?? 0) : (progress.bytesOf(item.id) ?? dl?.partBytes ?? 0),
    nextAttemptAt: state === 'retrying' ? rt.nextAttemptAt : null,
    fileCode: item.fileCode,
    pageLink: pageLink(item),
    error: item.error,
    addedAt: item.addedAt,
    finishedAt: item.finishedAt,
    ...(item.alreadyThere ? { alreadyThere: true as const } : {}),
    ...(item.kind === 'url' && item.requestedAt !== null && (state === 'pending' || state === 'running')
      ? { fetchStartedAt: item.requestedAt }
      : {}),
    ...(dl ? { localPath: dl.finalPath ?? join(dl.dir, ...item.relDir, dl.localName) } : {}),
    ...(dl?.restarted ? { restarted: dl.restarted } : {}),
  }
}
