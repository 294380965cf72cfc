import type { HistoryEntry } from '../../shared/history.ts'

/**
 * The history file, history.jsonl, is a journal (core/durable/journal.ts): one record per line, appended, never
 * rewritten. Opening it only splits it into lines; history-index.ts parses a line when a search or batch lookup
 * reaches it, so start-up stays quick however long the history grows.
 */

/** One line, keys in a fixed order and nothing else: the index's quick filters rely on this exact form. */
export function serializeEntry(e: HistoryEntry): string {
  const record: HistoryEntry = {
    id: e.id,
    finishedAt: e.finishedAt,
    accountId: e.accountId,
    accountLabel: e.accountLabel,
    baseUrl: e.baseUrl,
    name: e.name,
    size: e.size,
    fldId: e.fldId,
    folderPath: e.folderPath,
    fileCode: e.fileCode,
    pageLink: e.pageLink,
    batchId: e.batchId,
    relPath: e.relPath,
    // Last, and only when set: lines written before these fields existed stay as they were, and still read.
    ...(e.alreadyThere ? { alreadyThere: true as const } : {}),
    ...(e.localPath === undefined ? {} : { localPath: e.localPath }),
  }
  return JSON.stringify(record)
}
