import type { QueueItemPhase } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import type { FolderMirror } from './folder-mirror.ts'
import type { ProgressMeter } from './progress.ts'
import type { QueueStore } from './queue-store.ts'
import type { ItemRecord } from './records.ts'
import type { UploadSessions } from './sessions.ts'
import type { TokenBucket } from './throttle.ts'

/** What one attempt of one item gets from the engine. */
export interface ItemContext {
  item: ItemRecord
  client: ApiClient
  store: QueueStore
  mirror: FolderMirror
  sessions: UploadSessions
  /** The speed limit of the item's direction. */
  bucket: TokenBucket
  progress: ProgressMeter
  /** Aborts when the item is paused or cancelled, the queue halts, or the engine closes. */
  signal: AbortSignal
  setPhase(phase: QueueItemPhase): void
  /** Something shown of the item changed besides its phase (a download restarted from 0): tell the listeners. */
  changed(): void
  /** The host says the file has `size` bytes, not the size it was queued with: the record and counts follow. */
  resize(size: number): Promise<void>
  /** Is this file code already the known result of another item (so a lost-attempt check must not take it)? */
  claimed(code: string): boolean
  /** The item's outcome is known (file code recorded, or nothing was stored): its name lock may go. */
  resolved(): void
  /** The code of a file like this item's (same name and size) already in folder `fldId`, or null. */
  alreadyThere(fldId: number): Promise<string | null>
  /** The item's file (code `fileCode`) is verified and goes into folder `fldId`. */
  landed(fldId: number, fileCode: string): void
  now(): number
}

/** Where a file ended up. */
export interface Landing {
  fileCode: string
  fldId: number
  size: number
  name: string
  /** The file was already there: nothing was sent. */
  alreadyThere?: true
}
