import { z } from 'zod'
import type { ErrorValues } from './errors.ts'
import { absolutePath, accountId, fileCode, folderId, queueId } from './ipc/fields.ts'
import { selectionSchema } from './ipc/index-contract.ts'
import { MAX_SELECTION_ITEMS } from './ipc/limits.ts'

/**
 * What a download does when its file's name is taken in the target folder (a setting in the app,
 * `--on-conflict` in the CLI): `skip` a file of the same size (the same file, as uploads judge by name and size;
 * another size is kept beside it as `rename` does), `rename` keeps both (`name (1).ext`), `overwrite` replaces.
 */
export const conflictPolicySchema = z.enum(['skip', 'rename', 'overwrite'])
export type ConflictPolicy = z.infer<typeof conflictPolicySchema>

/** File codes one download request may name (a selection of more is sent as the query it came from). */
export const MAX_DOWNLOAD_CODES = MAX_SELECTION_ITEMS

/**
 * The folder a download goes into, as the renderer, the CLI or a setting names it. The rule:
 * - absolute, in the POSIX (`/…`) or Windows (`C:\…`, `\\server\share\…`) form (fields.ts absolutePath: the
 *   renderer cannot know which platform main runs on in the browser host);
 * - no `.` or `..` segment, whichever separator: such a path is refused, not resolved, so a destination always
 *   says plainly where it is and nothing can climb out of a folder the person chose;
 * - main then checks that it is a folder, or that its nearest existing parent is one (it is created when the
 *   download starts, not when it is planned). Names below it are the host's, made safe one by one
 *   (shared/local-names.ts), so no file lands outside it.
 */
export const downloadFolderSchema = absolutePath.refine(
  (p) => !p.split(/[\\/]/).some((s) => s === '.' || s === '..'),
  'The download folder must not contain "." or ".." parts: give the folder itself',
)

/**
 * What to download: files by code, a folder (with all its subfolders when `recursive`, the tree mirrored on disk),
 * the whole account (mirrored from its root), the files of one upload-history batch (in the folders they were
 * dropped from), or a selection of the file list (a Ctrl+A of 100,000 is the query it came from, read from the
 * account index, never from loaded rows).
 */
export const downloadWhatSchema = z.union([
  z.strictObject({
    codes: z
      .array(fileCode)
      .min(1, 'Give at least one file code')
      .max(MAX_DOWNLOAD_CODES, `At most ${MAX_DOWNLOAD_CODES} file codes per download`),
  }),
  z.strictObject({ fldId: folderId, recursive: z.boolean() }),
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({ batchId: queueId }),
  z.strictObject({ selection: selectionSchema }),
])
export type DownloadWhat = z.infer<typeof downloadWhatSchema>

/**
 * One download, the same shape from the renderer (through the contract), the CLI and the engine's callers.
 * `accountId` is the account of the codes, folder, account or batch; a selection's files carry their own accounts
 * (it names the account a query without one means).
 */
export const downloadRequestSchema = z.strictObject({
  accountId,
  to: downloadFolderSchema,
  onConflict: conflictPolicySchema,
  what: downloadWhatSchema,
})
export type DownloadRequest = z.infer<typeof downloadRequestSchema>

/** Why part of a download request was left out (a code the host does not know, a batch with no uploads). */
export interface DownloadProblem {
  /** The file code concerned, when there is one. */
  fileCode?: string
  /** English (logs, the CLI's --json); a window words it from messageId + values (errorText), as an error's. */
  message: string
  messageId?: string
  values?: ErrorValues
}

/** How many examples of each kind a plan lists (the counts are always whole). */
export const PLAN_EXAMPLES = 50

/**
 * A download's plan, as `--dry-run` and the app's Download… dialog show it: nothing was fetched, created or
 * changed to make it.
 */
export interface DownloadPlanSummary {
  /** The folder the files go into (mirrored folders under it). */
  dir: string
  /** Files to fetch (new, to resume, or in conflict). */
  toFetch: number
  /** Files already complete on disk (same name and size): not fetched again. */
  alreadyHere: number
  /** Of toFetch: names taken by another file; the policy says what happens. */
  conflicts: number
  /** Of toFetch: work files left by an earlier download, continued from where they end. */
  resumed: number
  /** Names changed to be safe on this computer's disk. */
  renamed: number
  /** Bytes still to come over the network (work files counted). */
  totalBytes: number
  bytesAlreadyHere: number
  /** Free space on the disk holding the folder; null when it cannot be read. */
  freeBytes: number | null
  /** Some of the conflicts: the path and the size of the file in the way (null: a folder). */
  conflictExamples: { path: string; existingSize: number | null }[]
  /** Some of the changed names: the host's and the local one. */
  renamedExamples: { from: string; to: string }[]
  problems: DownloadProblem[]
}

/** What starting a download answers: the plan it followed and the batch it queued (null: nothing to fetch). */
export interface DownloadStarted {
  batchId: string | null
  plan: DownloadPlanSummary
}
