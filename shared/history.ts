import { z } from 'zod'

/**
 * Upload history: one record per finished upload, kept by core/history/history-store.ts in the data folder and
 * searched from the renderer.
 */

export interface HistoryEntry {
  id: string
  /** ISO 8601, when the host accepted the file. */
  finishedAt: string
  accountId: string
  accountLabel: string
  baseUrl: string
  /** The name the host stores. */
  name: string
  /** Bytes. */
  size: number
  /** Folder the file went into; 0 is the root. */
  fldId: number
  /** Path of that folder on the host, e.g. `photos/2019` ('' for the root). */
  folderPath: string
  fileCode: string
  /** `{base_url}/<file_code>` */
  pageLink: string
  /** The upload batch (one drop, one CLI call) the file belonged to. */
  batchId: string
  /** Path inside the batch, e.g. `photos/2019/a.jpg`. */
  relPath: string
  /**
   * The file was already in its folder (same name and size) and nothing was sent: the record keeps the drop's
   * links (the existing file's) and says so, rather than passing for an upload. `finishedAt` is when it was found.
   */
  alreadyThere?: true
  /**
   * The local file that was uploaded (absolute path), what Verify compares the host's copy with. Absent on records
   * written before it was kept and on uploads of a URL: those are "not verifiable: source unknown".
   */
  localPath?: string
}

export interface HistoryQuery {
  /** Case-insensitive substring of name, file code, folder path or account label; empty matches everything. */
  text?: string
  accountId?: string
  /** Default HISTORY_DEFAULT_LIMIT. */
  limit?: number
  offset?: number
}

export const HISTORY_DEFAULT_LIMIT = 200
export const HISTORY_MAX_LIMIT = 1000

/** Input check for a query arriving from the untrusted renderer. */
export const historyQuerySchema = z.strictObject({
  text: z.string().max(1000).optional(),
  accountId: z.string().min(1).max(100).optional(),
  limit: z.number().int().min(1).max(HISTORY_MAX_LIMIT).optional(),
  offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
})

const stringFields = [
  'id',
  'finishedAt',
  'accountId',
  'accountLabel',
  'baseUrl',
  'name',
  'folderPath',
  'fileCode',
  'pageLink',
  'batchId',
  'relPath',
] as const

/**
 * Shape check for a record read back from disk. Hand-written rather than a zod schema: the history file is read
 * whole at start-up and 100,000 records must load in well under a second.
 */
export function isHistoryEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  for (const field of stringFields) if (typeof record[field] !== 'string') return false
  return (
    (record.alreadyThere === undefined || record.alreadyThere === true) &&
    (record.localPath === undefined || typeof record.localPath === 'string') &&
    typeof record.size === 'number' &&
    Number.isFinite(record.size) &&
    typeof record.fldId === 'number' &&
    Number.isInteger(record.fldId)
  )
}
