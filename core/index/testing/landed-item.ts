import type { QueueItemView } from '../../../shared/queue.ts'

/** The queue's view of an upload that landed, as the engine reports it on the event stream. */
export function landedItem(o: {
  accountId: string
  fileCode: string
  name: string
  fldId: number
  size: number
  pageLink: string
}): QueueItemView {
  // Fields this test data does not need (a done item's progress and timings) are what a finished item carries.
  const item = {
    id: `item-${o.fileCode}`,
    batchId: 'batch',
    kind: 'file' as const,
    accountId: o.accountId,
    name: o.name,
    relPath: o.name,
    source: `/tmp/${o.name}`,
    fldId: o.fldId,
    targetFldId: o.fldId,
    size: o.size,
    state: 'done' as const,
    phase: null,
    attempts: 0,
    direction: 'up' as const,
    bytesDone: o.size,
    nextAttemptAt: null,
    fileCode: o.fileCode,
    pageLink: o.pageLink,
    error: null,
    addedAt: Date.now(),
    finishedAt: Date.now(),
  }
  return item as QueueItemView
}
