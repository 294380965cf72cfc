import type { ConflictPolicy } from '../../shared/downloads.ts'
import type { FiledockErrorData } from '../../shared/errors.ts'
import type { BatchKind, DownloadRestart, QueueItemKind, QueueResultEntry } from '../../shared/queue.ts'

/**
 * What the journal keeps of each item: everything a restart needs to carry on without asking the user again,
 * and the facts that make "never twice" hold across a crash (the pre-upload snapshot, whether a send may have
 * reached the host, the file code as soon as it is known).
 */
export type PersistedState = 'queued' | 'paused' | 'done' | 'failed' | 'cancelled'

export interface ItemRecord {
  id: string
  /** Enqueue order; the scheduler serves lower first. */
  seq: number
  batchId: string
  kind: QueueItemKind
  accountId: string
  /** The drop's target folder and its display path. */
  baseFldId: number
  basePath: string
  /**
   * Folders between the target and the file (empty for a file dropped on its own or a URL). For a download, the
   * local folders under `download.dir`, their names already made safe for the disk (the host's tree, mirrored).
   */
  relDir: string[]
  /** The file's name on the host (a download's local name is `download.localName`). */
  name: string
  /** Local path (file) or URL (url); the folder's own relative path for a folder item; a download's file code. */
  source: string
  /** Bytes and mtime when queued (files); null for URLs until the host has the file. */
  size: number | null
  mtimeMs: number | null
  state: PersistedState
  attempts: number
  /**
   * Codes of files with this name (and size) in the root and the target folder before our first send: they
   * are not ours, so the lost-attempt check never mistakes them for our upload. null until taken.
   */
  snapshot: string[] | null
  /** A send (upload POST or upload/url) may have reached the host and its outcome is not known yet. */
  sending: boolean
  fileCode: string | null
  targetFldId: number | null
  /** Remote URLs: when the host accepted the request (the timeout counts from here). */
  requestedAt: number | null
  error: FiledockErrorData | null
  addedAt: number
  finishedAt: number | null
  /** The finished upload as the history and link packs see it. */
  result: QueueResultEntry | null
  /** history.append has run for `result` (it runs after the durable `done`). */
  historyWritten: boolean
  /**
   * Send the file even when one of the same name and size is already in its folder ("Upload again",
   * `--force`). Absent (the default, and journals of earlier versions): such a file is not sent again.
   */
  uploadAgain?: true
  /**
   * Done without sending: the file was already in its folder, and `result` is that file. A download: the file was
   * complete on disk already (same name and size), and nothing was fetched.
   */
  alreadyThere?: true
  /** A download's facts (kind 'download' only). Its file code is `fileCode`, its size `size` (direct_link's wins). */
  download?: DownloadFacts
}

/**
 * Where a download goes and what it has done so far. The bytes themselves are in its work file
 * (core/download/work-files.ts) beside the target, which a pause, a retry and a restart keep.
 */
export interface DownloadFacts {
  /** The absolute local folder the batch downloads into; the file goes to `<dir>/<relDir…>/<localName>`. */
  dir: string
  /** The safe local name (shared/local-names.ts), decided when the download was planned. */
  localName: string
  onConflict: ConflictPolicy
  /** Where the file is once put in place (a numbered name under `rename`), null before. */
  finalPath: string | null
  /** The file was fetched from 0 again although it had bytes (shown on the item). */
  restarted?: DownloadRestart
  /** ETag or Last-Modified of the first answer, sent as If-Range when resuming (null: none given). */
  validator?: string | null
  /**
   * Bytes in the work file when the download last stopped (planned, paused, failed, interrupted): what the item
   * shows while no attempt runs, so a paused download never looks as if it starts again from 0.
   */
  partBytes?: number
}

/** What an item starts with, before anything happened to it: queued, never tried, nothing known from the host. */
export const FRESH_ITEM = {
  state: 'queued',
  attempts: 0,
  snapshot: null,
  sending: false,
  fileCode: null,
  targetFldId: null,
  requestedAt: null,
  error: null,
  finishedAt: null,
  result: null,
  historyWritten: false,
} as const satisfies Partial<ItemRecord>

/**
 * One drop. Journals of earlier versions also hold the drop's `fldId` and `basePath` here, which nothing read:
 * each item carries its own folder (baseFldId, basePath), since a mirrored drop has one per account.
 */
export interface BatchRecord {
  id: string
  kind: BatchKind
  accountIds: string[]
  createdAt: number
  /** A batch of downloads: the local folder it downloads into. */
  dir?: string
  /** batch.finished was emitted for the current round (a retry of failed items starts a new round). */
  finishedEmitted: boolean
}

/**
 * A batch of downloads as its journal line holds it (batch-line.ts): what its items share is written once, and
 * each item is a row of what differs. A 100,000-file download was a 60 MB line of full records (about 600 bytes
 * an item, most of it the same for every item), encoded and written before anything could start.
 */
export interface DownloadRows {
  /** The items' addedAt and download.onConflict; their download.dir is the batch's `dir`. */
  addedAt: number
  onConflict: ConflictPolicy
  /** The items' accountIds and relDirs, which rows name by their index here. */
  accounts: string[]
  dirs: string[][]
  /** In seq order; an item that does not fit a row (not a download of this batch's folder) is there whole. */
  rows: (DownloadRow | ItemRecord)[]
}

/**
 * One download item: seq, account (index), baseFldId, relDir (index), name, source (its file code, also
 * fileCode), size, localName (0: the same as name), download.partBytes (null: none), then the fields whose value
 * is not the one every fresh item of the batch has (its state, attempts, result… once it ran; its id when it is
 * not downloadItemId's; its whole `download` when more than localName and partBytes changed).
 */
export type DownloadRow = [
  seq: number,
  account: number,
  baseFldId: number,
  dir: number,
  name: string,
  source: string,
  size: number | null,
  localName: string | 0,
  partBytes?: number | null,
  changed?: Partial<ItemRecord>,
]

/** One journal line. A batch and its items are one line, so a torn write never leaves half a drop. */
export type JournalRecord =
  | { t: 'batch'; batch: BatchRecord; items: ItemRecord[] }
  | { t: 'batch'; batch: BatchRecord; downloads: DownloadRows }
  | { t: 'item'; id: string; patch: Partial<ItemRecord> }
  | { t: 'batchPatch'; id: string; patch: Partial<BatchRecord> }
  | { t: 'remove'; ids: string[] }
  | { t: 'userPause'; paused: boolean }
