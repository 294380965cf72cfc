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
  message?: string
}

/**
 * The statuses that make a run fail (a non-zero exit, a warning in the app). `not-uploaded` does not: a folder
 * may well hold files that were never meant to go up, and the report lists them.
 */
export function isProblem(status: VerifyStatus): boolean {
  return status === 'differs' || status === 'missing' || status === 'failed'
}
