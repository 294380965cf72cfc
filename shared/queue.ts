import type { FiledockErrorData } from './errors.ts'
import type { HistoryEntry } from './history.ts'

/**
 * The upload queue's view types and its one event stream, as main (core/queue) emits them and the renderer and
 * IPC contract consume them. Plain data only: everything here survives JSON. Times are epoch milliseconds.
 */

/** A local file, an empty folder of a dropped tree (mirrored as a folder, nothing to upload) or a remote URL. */
export type QueueItemKind = 'file' | 'folder' | 'url'

/**
 * queued: waiting for a worker; running: a worker is on it (see phase); retrying: waiting out a backoff;
 * pending: a remote URL the host is still fetching (polled, holds no worker); paused; then one of the final
 * states done, failed, cancelled.
 */
export type QueueItemState =
  | 'queued'
  | 'running'
  | 'retrying'
  | 'pending'
  | 'paused'
  | 'done'
  | 'failed'
  | 'cancelled'

export const finalStates: readonly QueueItemState[] = ['done', 'failed', 'cancelled']

/** What a running item is doing right now. */
export type QueueItemPhase =
  | 'folders' // creating or finding the mirrored folders
  | 'checking' // looking on the host for a copy a lost attempt may have stored
  | 'uploading'
  | 'verifying' // confirming the file code is in the account
  | 'moving' // file/set_folder into the mirrored folder
  | 'requesting' // upload/url
  | 'fetching' // the host is fetching a remote URL

export interface QueueItemView {
  id: string
  batchId: string
  kind: QueueItemKind
  accountId: string
  /** The file's name on the host (for a URL: the last segment of its path, as the host names it). */
  name: string
  /** Path inside the drop, `/`-separated (`photos/2024/a.jpg`); for a URL, the name. */
  relPath: string
  /** The local path or the URL. */
  source: string
  /** The folder the drop targets (the mirrored tree is created under it). */
  fldId: number
  /** The folder the file lands in, once known. */
  targetFldId: number | null
  /** Bytes; null for a URL until the host has it. */
  size: number | null
  state: QueueItemState
  phase: QueueItemPhase | null
  /** Failed attempts so far (pauses, offline spells and auth pauses do not count). */
  attempts: number
  bytesSent: number
  /** When a retrying item tries again. */
  nextAttemptAt: number | null
  fileCode: string | null
  pageLink: string | null
  /** Why the item failed, or the last transient failure while retrying. */
  error: FiledockErrorData | null
  addedAt: number
  finishedAt: number | null
}

export interface QueueTotals {
  items: number
  queued: number
  running: number
  retrying: number
  pending: number
  paused: number
  done: number
  failed: number
  cancelled: number
  /** Bytes of every file item that is not cancelled. */
  totalBytes: number
  /** Bytes of done items plus bytes sent of running ones. */
  doneBytes: number
  /** Upload speed over the last few seconds, all transfers together. */
  bytesPerSec: number
  /** Seconds until the queued bytes are sent at the current speed; null when not moving. */
  etaSec: number | null
}

/** Totals of an empty queue: the starting point of every count, on either side of IPC. */
export function emptyTotals(): QueueTotals {
  return {
    items: 0,
    queued: 0,
    running: 0,
    retrying: 0,
    pending: 0,
    paused: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
    totalBytes: 0,
    doneBytes: 0,
    bytesPerSec: 0,
    etaSec: null,
  }
}

export interface ItemProgress {
  id: string
  bytesSent: number
  totalBytes: number
  bytesPerSec: number
  etaSec: number | null
}

export type QueuePauseReason = 'user' | 'auth' | 'offline'

export interface QueuePause {
  reason: QueuePauseReason
  /** For a person: what happened and what resumes the queue. */
  message: string
  /** The account whose key was rejected or whose host is unreachable. */
  accountId?: string
  since: number
}

/** One finished upload: exactly what the upload history keeps (shared/history.ts). */
export type QueueResultEntry = HistoryEntry

export interface BatchAccountGroup {
  accountId: string
  accountLabel: string
  baseUrl: string
  /** In folder order (relative path order). */
  entries: QueueResultEntry[]
}

export interface BatchView {
  id: string
  kind: 'paths' | 'urls'
  accountIds: string[]
  fldId: number
  createdAt: number
  items: number
  finished: boolean
}

export interface QueueSnapshot {
  items: QueueItemView[]
  batches: BatchView[]
  totals: QueueTotals
  paused: QueuePause | null
  concurrency: number
  bandwidthBytesPerSec: number | null
}

/** Why part of a drop was not queued (or, for storage_unchecked, was queued without the storage check). */
export interface EnqueueProblem {
  /** The local path or URL concerned; empty for account-wide problems. */
  path: string
  kind:
    | 'not_found'
    | 'unreadable'
    | 'empty'
    | 'not_a_file'
    | 'symlink_loop'
    | 'name_too_long'
    | 'control_characters'
    | 'reserved_name'
    | 'too_many_files'
    | 'invalid_url'
    | 'not_enough_storage'
    | 'storage_unchecked'
  message: string
  accountId?: string
}

export interface EnqueueResult {
  /** null when nothing was queued. */
  batchId: string | null
  /** Items queued (one per file or URL and account). */
  accepted: number
  problems: EnqueueProblem[]
}

export type QueueEvent =
  /** Items were added (one enqueue call). */
  | { type: 'queue.added'; batchId: string; items: QueueItemView[] }
  /** One item's state, phase, error or result changed. */
  | { type: 'queue.item'; item: QueueItemView }
  /** clearFinished removed these items. */
  | { type: 'queue.removed'; ids: string[] }
  /** Coalesced: at most 10 per second, only items whose bytes moved. */
  | { type: 'queue.progress'; items: ItemProgress[]; totals: QueueTotals }
  | { type: 'queue.paused'; pause: QueuePause }
  | { type: 'queue.resumed'; reason: QueuePauseReason }
  | { type: 'queue.settings'; concurrency: number; bandwidthBytesPerSec: number | null }
  /**
   * Every item of one enqueue call reached a final state. `groups` holds the done uploads per account (in the
   * order the accounts were given), each in pack order (core/links/build-link-pack.ts); `entries` is the groups
   * one after the other. The link pack is made from them by whoever shows it, in the format it needs.
   */
  | {
      type: 'batch.finished'
      batchId: string
      kind: 'paths' | 'urls'
      entries: QueueResultEntry[]
      groups: BatchAccountGroup[]
      failed: number
      cancelled: number
    }

export type QueueEventType = QueueEvent['type']
export type QueueListener = (event: QueueEvent) => void
