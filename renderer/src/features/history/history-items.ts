import type { HistoryEntry } from '../../../../shared/history.ts'

/** A heading over the files of one upload (a drop, a CLI run), with the ids of its loaded entries. */
export interface BatchHeading {
  kind: 'batch'
  batchId: string
  /** When its newest loaded file finished. */
  finishedAt: string
  /** Every loaded entry of the batch, wherever it sits in the list: what "Check links" checks. */
  ids: string[]
}

export type HistoryItem = BatchHeading | { kind: 'entry'; entry: HistoryEntry }

/**
 * The history list as shown: its entries (newest first) with a heading where a new upload batch begins. Two
 * batches that ran at once interleave in finishing order; each run of one batch gets a heading, and every
 * heading of a batch names all of that batch's loaded entries, so checking from any of them checks the whole
 * batch as far as it is loaded.
 */
export function historyItems(entries: readonly HistoryEntry[]): HistoryItem[] {
  const idsOf = new Map<string, string[]>()
  for (const e of entries) {
    const ids = idsOf.get(e.batchId)
    if (ids) ids.push(e.id)
    else idsOf.set(e.batchId, [e.id])
  }
  const items: HistoryItem[] = []
  let previous: string | null = null
  for (const entry of entries) {
    if (entry.batchId !== previous) {
      items.push({
        kind: 'batch',
        batchId: entry.batchId,
        finishedAt: entry.finishedAt,
        ids: idsOf.get(entry.batchId) ?? [entry.id],
      })
      previous = entry.batchId
    }
    items.push({ kind: 'entry', entry })
  }
  return items
}
