import { isAscii } from 'node:buffer'
import type { HistoryEntry } from '../../shared/history.ts'

/**
 * The history file, history.jsonl: one JSON record per line, appended, never rewritten.
 *
 * Loading does not parse the records: it only splits the file into lines (history-index.ts parses a line when
 * a search or batch lookup reaches it). JSON.parse of 100,000 records took 0.8–1.4 s on the 2-core development
 * machine (busy with other test runs); splitting took 0.2–0.3 s, so start-up stays quick however long the history grows.
 *
 * A crash or power cut during an append can leave the last line cut short. That line is dropped, and the file
 * is cut back to its last complete line so the next append starts on a line of its own (otherwise the next
 * record would be glued to the torn one and lost too). A line in the middle that is not a record (a failed
 * write, an edit by hand) is skipped and left in the file: it is not ours to destroy.
 */

const NEWLINE = 0x0a

export interface SplitHistory {
  /** Lines that look like records (`{…}`), oldest first. */
  lines: string[]
  /** The whole file is ASCII (names are not normalised then: ASCII is always NFC). */
  ascii: boolean
  /** Lines that are not records, torn tail included. */
  skipped: number
  /**
   * What to do to the file's end: nothing, add the newline a complete last record lacks, or cut the file back
   * to `length` bytes (dropping a torn last line).
   */
  tail: { action: 'none' } | { action: 'add-newline' } | { action: 'truncate'; length: number }
}

/** Every record Filedock writes is an object on one line; anything else is not a record. */
function looksLikeRecord(line: string): boolean {
  return line.charCodeAt(0) === 0x7b && line.charCodeAt(line.length - 1) === 0x7d
}

function isCompleteRecord(line: string): boolean {
  try {
    JSON.parse(line)
    return looksLikeRecord(line)
  } catch {
    return false
  }
}

export function splitHistory(data: Buffer): SplitHistory {
  const lines: string[] = []
  let skipped = 0
  const lastNewline = data.lastIndexOf(NEWLINE)
  const body = data.subarray(0, lastNewline + 1).toString('utf8')
  let start = 0
  for (let end = body.indexOf('\n'); end !== -1; end = body.indexOf('\n', start)) {
    // Windows editors may have added \r; blank lines are harmless.
    const line = body.charCodeAt(end - 1) === 0x0d ? body.slice(start, end - 1) : body.slice(start, end)
    start = end + 1
    if (line === '') continue
    if (looksLikeRecord(line)) lines.push(line)
    else skipped++
  }
  const ascii = isAscii(data)
  if (lastNewline === data.length - 1) return { lines, ascii, skipped, tail: { action: 'none' } }
  const last = data
    .subarray(lastNewline + 1)
    .toString('utf8')
    .trim()
  // The last line is the one a crash can tear, so it alone is parsed now: a torn record is cut off.
  if (isCompleteRecord(last)) {
    lines.push(last)
    return { lines, ascii, skipped, tail: { action: 'add-newline' } }
  }
  const dropped = last === '' ? 0 : 1
  return { lines, ascii, skipped: skipped + dropped, tail: { action: 'truncate', length: lastNewline + 1 } }
}

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
  }
  return JSON.stringify(record)
}
