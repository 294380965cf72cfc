import type { FiledockErrorData } from './errors.ts'

/**
 * What verify says of one file, compared with its copy on the host (shared by core, the CLI and the app).
 * - `same`: the sizes match and every byte compared is equal (`bytesCompared` says how many were);
 * - `differs`: another size, or a byte that is not the same: `offset` is the first differing byte found (for a
 *   size mismatch, the smaller of the two sizes, where the shorter file ends);
 * - `missing`: the file was uploaded, but its copy is no longer on the host;
 * - `not-uploaded`: a local file with no copy on the host;
 * - `failed`: the comparison could not be finished (the host kept failing); `message` says why.
 */
export type VerifyStatus = 'same' | 'differs' | 'missing' | 'not-uploaded' | 'failed'

export interface VerifyResult {
  /** The path under the verified folder, `/`-separated (or the file's name for a history batch). */
  relPath: string
  status: VerifyStatus
  /** The host's file code, when there is a copy (or was, for `missing`). */
  fileCode: string | null
  localSize: number | null
  hostSize: number | null
  /** `differs`: the first differing byte found. */
  offset?: number
  /** Bytes of the host's copy read and compared. */
  bytesRead: number
  /** English (the CLI, logs, reports). */
  message?: string
  /** `failed`: the same with its message id, so each window shows it in its own language (errorText). */
  error?: FiledockErrorData
}

/**
 * The statuses that make a run fail (a non-zero exit, a warning in the app). `not-uploaded` does not: a folder
 * may well hold files that were never meant to go up, and the report lists them.
 */
export function isProblem(status: VerifyStatus): boolean {
  return status === 'differs' || status === 'missing' || status === 'failed'
}

/**
 * What verifying an upload-history batch says of one of its files: the engine's verdict, or one of two that only
 * a batch can have:
 * - `missing-locally`: the file it was uploaded from is no longer at its path (moved or deleted);
 * - `source-unknown`: the record does not say where the file came from (histories written before local paths
 *   were kept, uploads of a URL, drops the browser host staged and has since let go), so it cannot be verified.
 */
export type BatchVerifyStatus = VerifyStatus | 'missing-locally' | 'source-unknown'

export interface BatchVerifyFile extends Omit<VerifyResult, 'status'> {
  status: BatchVerifyStatus
  /** The history record this is about. */
  entryId: string
  accountLabel: string
  /** The local file compared (null: not known). */
  localPath: string | null
}

export const BATCH_VERIFY_STATUSES = [
  'same',
  'differs',
  'missing',
  'missing-locally',
  'not-uploaded',
  'source-unknown',
  'failed',
] as const satisfies readonly BatchVerifyStatus[]

export type BatchVerifyCounts = Record<BatchVerifyStatus, number>

export interface BatchVerifyReport {
  verifyId: string
  batchId: string
  /** Every byte was read (Full check), not the sampled windows. */
  full: boolean
  /** Started by itself once the batch finished uploading (the verifyAfterUpload setting). */
  automatic: boolean
  /** Stopped before every file was compared: `files` holds those that were. */
  cancelled: boolean
  /** How many files the batch has: `files.length` once the run is whole. */
  total: number
  files: BatchVerifyFile[]
  counts: BatchVerifyCounts
  bytesRead: number
}

export function countStatuses(files: readonly { status: BatchVerifyStatus }[]): BatchVerifyCounts {
  const counts = Object.fromEntries(BATCH_VERIFY_STATUSES.map((s) => [s, 0])) as BatchVerifyCounts
  for (const f of files) counts[f.status]++
  return counts
}

/** A batch verify's problems, as isProblem says for one file; `missing-locally` counts too (nothing to keep). */
export function isBatchProblem(status: BatchVerifyStatus): boolean {
  return status === 'missing-locally' || (status !== 'source-unknown' && isProblem(status))
}
