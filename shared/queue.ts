import { z } from 'zod'
import { type ErrorValues, errorKinds, type FiledockErrorData } from './errors.ts'
import type { HistoryEntry } from './history.ts'

/**
 * The upload queue's view types and its one event stream, as main (core/queue) emits them and the renderer and
 * IPC contract consume them. Plain data only: everything here survives JSON. Times are epoch milliseconds.
 *
 * The event types are inferred from their zod schemas (the browser host's socket client parses every pushed
 * event with them), so the two cannot drift apart. Objects are not strict: a field the engine adds later is
 * dropped by an older renderer instead of the whole event. Optional fields are exact (absent, never undefined).
 */
const id = z.string().min(1).max(200)
const count = z.number().int().min(0)
const bytes = z.number().min(0)
const time = z.number()

/** A text of main's in every language: its English, and the id + values a reader words (shared/errors.ts). */
const wordsSchema = {
  message: z.string(),
  operation: z.string().exactOptional(),
  messageId: z.string().max(200).exactOptional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).exactOptional(),
}

const errorDataSchema = z.object({
  kind: z.enum(errorKinds),
  ...wordsSchema,
  retryAfterMs: z.number().exactOptional(),
  status: z.number().exactOptional(),
})

/**
 * Uploads: a local file, an empty folder of a dropped tree (mirrored as a folder, nothing to upload) or a remote
 * URL. Downloads: a file of the host fetched to the local disk.
 */
const itemKindSchema = z.enum(['file', 'folder', 'url', 'download'])
export type QueueItemKind = z.infer<typeof itemKindSchema>

/** Which way an item's bytes go: each direction has its own slots (the one concurrency) and speed limit. */
const directionSchema = z.enum(['up', 'down'])
export type TransferDirection = z.infer<typeof directionSchema>
export const transferDirections: readonly TransferDirection[] = ['up', 'down']

export function directionOf(kind: QueueItemKind): TransferDirection {
  return kind === 'download' ? 'down' : 'up'
}

/**
 * Why a download fetched its file from the first byte again although it had bytes: the host ignored Range (it
 * answered 200 with the whole file), or the file changed on the host since the first bytes came (If-Range).
 */
const restartSchema = z.enum(['range-ignored', 'changed'])
export type DownloadRestart = z.infer<typeof restartSchema>

/**
 * queued: waiting for a worker; running: a worker is on it (see phase); retrying: waiting out a backoff;
 * pending: a remote URL the host is still fetching (polled, holds no worker); paused; then one of the final
 * states done, failed, cancelled.
 */
const itemStateSchema = z.enum([
  'queued',
  'running',
  'retrying',
  'pending',
  'paused',
  'done',
  'failed',
  'cancelled',
])
export type QueueItemState = z.infer<typeof itemStateSchema>

export const finalStates: readonly QueueItemState[] = ['done', 'failed', 'cancelled']

/**
 * What a running item is doing right now: folders (creating or finding the mirrored folders), checking (looking
 * on the host for a copy a lost attempt may have stored), uploading, verifying (confirming the file code is in
 * the account), moving (file/set_folder into the mirrored folder), requesting (upload/url), fetching (the host
 * is fetching a remote URL). Downloads: linking (asking the host for a fresh direct link), downloading (bytes
 * into the hidden work file), finishing (the complete file put in place under the conflict policy).
 */
const itemPhaseSchema = z.enum([
  'folders',
  'checking',
  'uploading',
  'verifying',
  'moving',
  'requesting',
  'fetching',
  'linking',
  'downloading',
  'finishing',
])
export type QueueItemPhase = z.infer<typeof itemPhaseSchema>

const itemViewSchema = z.object({
  id,
  batchId: id,
  kind: itemKindSchema,
  direction: directionSchema,
  accountId: id,
  /** The file's name on the host (for a URL: the last segment of its path, as the host names it). */
  name: z.string(),
  /**
   * Path inside the drop, `/`-separated (`photos/2024/a.jpg`); for a URL, the name; for a download, the path
   * inside the download's folder, with the names made safe for the local disk.
   */
  relPath: z.string(),
  /** The local path or the URL (for a download: the host file's code; where it goes is `localPath`). */
  source: z.string(),
  /** The folder the drop targets (the mirrored tree is created under it); for a download, the host folder asked for. */
  fldId: count,
  /** The folder the file lands in, once known. */
  targetFldId: count.nullable(),
  /** Bytes; null for a URL until the host has it. */
  size: bytes.nullable(),
  state: itemStateSchema,
  phase: itemPhaseSchema.nullable(),
  /** Failed attempts so far (pauses, offline spells and auth pauses do not count). */
  attempts: count,
  /** Bytes moved so far: sent for an upload, in the work file for a download (what a resume keeps). */
  bytesDone: bytes,
  /** When a retrying item tries again. */
  nextAttemptAt: time.nullable(),
  fileCode: z.string().nullable(),
  pageLink: z.string().nullable(),
  /** Why the item failed, or the last transient failure while retrying. */
  error: errorDataSchema.nullable(),
  addedAt: time,
  finishedAt: time.nullable(),
  /** Done without sending: a file of this name and size was already in the folder (its code is fileCode). */
  alreadyThere: z.literal(true).exactOptional(),
  /** A URL the host is fetching: when it was asked to (the fetch time limit counts from here). */
  fetchStartedAt: time.exactOptional(),
  /** A download: where the file is (once in place, under the name the conflict policy gave it) or goes. */
  localPath: z.string().exactOptional(),
  /** A download fetched from the first byte again although it had bytes, and why (absent: never). */
  restarted: restartSchema.exactOptional(),
})
export type QueueItemView = z.infer<typeof itemViewSchema>

const directionTotalsSchema = z.object({
  /** Items of each state, and all of them. */
  items: count,
  queued: count,
  running: count,
  retrying: count,
  pending: count,
  paused: count,
  done: count,
  failed: count,
  cancelled: count,
  /** Bytes of every file item (upload or download) that is not cancelled. */
  totalBytes: bytes,
  /** Bytes of done items plus bytes moved of running ones. */
  doneBytes: bytes,
  /** Bytes of failed items: not moved, and not waiting to be (the ETA leaves them out). */
  failedBytes: bytes,
  /** Speed over the last few seconds, all transfers together; 0 when nothing is running. */
  bytesPerSec: bytes,
  /** Seconds until the bytes still to move are moved at the current speed; null when not moving. */
  etaSec: z.number().nullable(),
})
export type DirectionTotals = z.infer<typeof directionTotalsSchema>

/**
 * Both directions together, and each on its own (`up`, `down`) for a transfers panel filtered by direction: the
 * same counts, bytes, speed and ETA, as main computes them.
 */
const totalsSchema = directionTotalsSchema.extend({
  up: directionTotalsSchema,
  down: directionTotalsSchema,
})
/** The queue's counts and bytes, computed once in main and sent with the snapshot and progress events. */
export type QueueTotals = z.infer<typeof totalsSchema>

const itemProgressSchema = z.object({
  id,
  bytesDone: bytes,
  totalBytes: bytes,
  bytesPerSec: bytes,
  etaSec: z.number().nullable(),
})
export type ItemProgress = z.infer<typeof itemProgressSchema>

const pauseReasonSchema = z.enum(['user', 'auth', 'offline'])
export type QueuePauseReason = z.infer<typeof pauseReasonSchema>

const pauseSchema = z.object({
  reason: pauseReasonSchema,
  /** For a person: what happened and what resumes the queue (the reader words it: errorText). */
  ...wordsSchema,
  /** The account whose key was rejected or whose host is unreachable. */
  accountId: id.exactOptional(),
  since: time,
})
export type QueuePause = z.infer<typeof pauseSchema>

/**
 * One account's uploads held until a time its host set (a lock-out: "try again in 60 minutes"): they wait, queued,
 * without failing, while other accounts' uploads go on.
 */
const accountHoldSchema = z.object({
  accountId: id,
  /** Epoch ms: the account's uploads start again then. */
  until: time,
  /** For a person: what the host said, and the time it ends (in every language, as main's other words). */
  ...wordsSchema,
})
export type AccountHold = z.infer<typeof accountHoldSchema>

const historyEntrySchema = z.object({
  id: z.string(),
  finishedAt: z.string(),
  accountId: z.string(),
  accountLabel: z.string(),
  baseUrl: z.string(),
  name: z.string(),
  size: bytes,
  fldId: count,
  folderPath: z.string(),
  fileCode: z.string(),
  pageLink: z.string(),
  batchId: z.string(),
  relPath: z.string(),
  alreadyThere: z.literal(true).exactOptional(),
  localPath: z.string().exactOptional(),
})

/** One finished upload: exactly what the upload history keeps (shared/history.ts). */
export type QueueResultEntry = HistoryEntry

const batchAccountGroupSchema = z.object({
  accountId: id,
  accountLabel: z.string(),
  baseUrl: z.string(),
  /** In pack order (core/links/build-link-pack.ts). */
  entries: z.array(historyEntrySchema),
})
export type BatchAccountGroup = z.infer<typeof batchAccountGroupSchema>

/** What one enqueue call added: dropped paths, remote URLs, or files of the host to download. */
const batchKindSchema = z.enum(['paths', 'urls', 'downloads'])
export type BatchKind = z.infer<typeof batchKindSchema>

/** A finished batch of downloads, for its "Show in folder" and its summary. */
const batchDownloadSchema = z.object({
  /** The local folder the batch downloaded into (its mirrored folders are under it). */
  dir: z.string(),
  /** Files fetched and put in place (those already here not counted). */
  downloaded: count,
  /** Bytes of the downloaded files. */
  bytes,
})
export type BatchDownload = z.infer<typeof batchDownloadSchema>

export const queueEventSchemas = [
  /** Items were added (one enqueue call). */
  z.object({ type: z.literal('queue.added'), batchId: id, items: z.array(itemViewSchema) }),
  /** One item's state, phase, error or result changed. */
  z.object({ type: z.literal('queue.item'), item: itemViewSchema }),
  /** clearFinished removed these items. */
  z.object({ type: z.literal('queue.removed'), ids: z.array(id) }),
  /**
   * Coalesced, at most 10 per second: the items whose bytes moved, and the totals whenever anything changed
   * (the renderer and the taskbar show these totals as they are, never summing on their own).
   */
  z.object({ type: z.literal('queue.progress'), items: z.array(itemProgressSchema), totals: totalsSchema }),
  z.object({ type: z.literal('queue.paused'), pause: pauseSchema }),
  z.object({ type: z.literal('queue.resumed'), reason: pauseReasonSchema }),
  /** An account's uploads are held until `hold.until` (a lock-out), or held longer than said before. */
  z.object({ type: z.literal('queue.accountHeld'), hold: accountHoldSchema }),
  /** The account's hold ended: its uploads go again. */
  z.object({ type: z.literal('queue.accountReleased'), accountId: id }),
  /** Concurrency applies to each direction (N uploads and N downloads at once); each has its own speed limit. */
  z.object({
    type: z.literal('queue.settings'),
    concurrency: count,
    bandwidthBytesPerSec: bytes.nullable(),
    downloadBytesPerSec: bytes.nullable(),
  }),
  /**
   * Every item of one enqueue call reached a final state. `groups` holds the done uploads per account (in the
   * order the accounts were given), each in pack order (core/links/build-link-pack.ts); `entries` is the groups
   * one after the other. The link pack is made from them by whoever shows it, in the format it needs. A batch of
   * downloads has no entries (downloads are not upload history): `download` says where its files went.
   */
  z.object({
    type: z.literal('batch.finished'),
    batchId: id,
    kind: batchKindSchema,
    entries: z.array(historyEntrySchema),
    groups: z.array(batchAccountGroupSchema),
    failed: count,
    cancelled: count,
    /**
     * Of the done items, those that were already there and were not moved again (absent: none): an upload already
     * in its folder, a download already complete on disk.
     */
    alreadyThere: count.exactOptional(),
    download: batchDownloadSchema.exactOptional(),
  }),
] as const

export type QueueEvent = z.infer<(typeof queueEventSchemas)[number]>

// HistoryEntry and FiledockErrorData are declared where they belong; these fail to compile if a schema drifts.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const historyEntryMatches: Same<z.infer<typeof historyEntrySchema>, HistoryEntry> = true
const errorDataMatches: Same<z.infer<typeof errorDataSchema>, FiledockErrorData> = true
void historyEntryMatches
void errorDataMatches

export interface BatchView {
  id: string
  kind: BatchKind
  accountIds: string[]
  createdAt: number
  items: number
  finished: boolean
  /** A batch of downloads: the local folder it downloads into. */
  dir?: string
}

export interface QueueSnapshot {
  items: QueueItemView[]
  batches: BatchView[]
  totals: QueueTotals
  paused: QueuePause | null
  /** Accounts whose uploads wait for a time their host set (queue.accountHeld). */
  held: AccountHold[]
  /** Transfers at once in each direction. */
  concurrency: number
  /** The upload speed limit (bytes a second), null: none. */
  bandwidthBytesPerSec: number | null
  /** The download speed limit (bytes a second), null: none. */
  downloadBytesPerSec: number | null
}

/** What reading a dropped path can find wrong with it (core/queue/scan.ts). */
export type ScanProblemKind =
  | 'not_found'
  | 'unreadable'
  | 'empty'
  | 'not_a_file'
  | 'symlink_loop'
  | 'name_too_long'
  | 'control_characters'
  | 'reserved_name'
  | 'too_many_files'

/**
 * Where a drop goes on one account: a folder, and its path for the history and link packs. Folder ids belong to
 * one account (they are rows of one table on hosts of this family; another account's id is "not found"), so a
 * drop sent to several accounts (mirrored) names one of these per account. The one shape for where a drop goes,
 * from the renderer through the contract (shared/ipc/upload-contract.ts) to the engine.
 */
export interface DropTarget {
  accountId: string
  fldId: number
  /** The folder's path on the host (`photos/2024`), for the history and link packs; '' or absent for the root. */
  folderPath?: string
}

/** Why part of a drop was not queued (or, for storage_unchecked, was queued without the storage check). */
export interface EnqueueProblem {
  /** The local path or URL concerned; empty for account-wide problems. */
  path: string
  kind:
    | ScanProblemKind
    | 'invalid_url'
    | 'unreachable_url'
    | 'web_page'
    | 'not_enough_storage'
    | 'storage_unchecked'
  /** English (logs, the CLI's --json); a window words it from messageId + values (errorText), as an error's. */
  message: string
  messageId?: string
  values?: ErrorValues
  operation?: string
  accountId?: string
}

/** Of a drop's files (one per file and account), how many are already in the folder they would go to. */
export interface AlreadyThereCount {
  files: number
  alreadyThere: number
  /**
   * Where those files are: each folder holding some of them, with how many, in the drop's order (a dropped
   * folder before the folders in it). What the question names, rather than the folder the drop went to.
   */
  places: AlreadyTherePlace[]
}

/** A folder of an account holding some of a drop's files already. */
export interface AlreadyTherePlace {
  accountId: string
  fldId: number
  /** Its path from the account's root, e.g. `Photos/2024/day one` ('' for the root). */
  folderPath: string
  files: number
}

export interface EnqueueResult {
  /** null when nothing was queued. */
  batchId: string | null
  /** Items queued (one per file or URL and account). */
  accepted: number
  problems: EnqueueProblem[]
}

export type QueueEventType = QueueEvent['type']
export type QueueListener = (event: QueueEvent) => void
