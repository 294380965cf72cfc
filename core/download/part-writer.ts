import { type FileHandle, open } from 'node:fs/promises'
import { buffersWritten } from './read-buffers.ts'

/**
 * Bytes queued for the disk before the reader waits: room for an fsync to finish while the network goes on. The
 * reader waits for room (the write in flight to end, so that the pump takes the queue), never for its own bytes:
 * waiting for the whole queue to be written left the socket unread during every write, so network and disk took
 * turns and a 1 GiB download ran at 0.42–0.44× curl -o (bench `download`).
 *
 * 256 KiB, not the 4 MiB it was: every byte queued is a read buffer kept alive, and one kept across two garbage
 * collections is promoted and outlives its use (read-buffers.ts); the pump writes a batch in the time the network
 * fills the next one, so a bigger queue bought no throughput (bench `download`, side by side). The bound holds
 * with read-buffers.ts's RECLAIM_EVERY: a chunk waits at most 2 × HIGH_WATER of bytes written, less than it.
 */
export const HIGH_WATER = 256 << 10
/**
 * When the work file is fsynced before its end: once at least `bytes` and `ms` have passed since the last time.
 * A kill -9 loses nothing written (the page cache is the kernel's); the syncs bound what a crash of the OS or a
 * power cut can take back, which the kernel's own writeback leaves to 30 s. By time as well as bytes because
 * every fsync is a flush of the disk's cache: every 8 MiB, a 1 GiB download here took 4.2–5.4 s instead of
 * 1.4–3.2 s (curl -o and a sync after it: 1.9–3.4 s).
 */
export interface SyncPolicy {
  bytes: number
  ms: number
}

export const DEFAULT_SYNC: SyncPolicy = { bytes: 8 << 20, ms: 5_000 }

/** Whether an fsync is due, `unsynced` bytes and `elapsedMs` after the last one (or the open). */
export const syncDue = (policy: SyncPolicy, unsynced: number, elapsedMs: number): boolean =>
  unsynced >= policy.bytes && elapsedMs >= policy.ms

/**
 * Appends a download's bytes to its work file: a write stream of our own rather than fs.WriteStream, because the
 * periodic fsync (SyncPolicy) must run on the same handle as the writes, never race its close, and must not stall
 * the writes while it runs. One write (writev
 * of everything queued) is in flight at a time, and one fsync beside it; the reader goes on until HIGH_WATER
 * bytes wait, then awaits the end of the write in flight: at most two batches are held (the one being written
 * and the next), so memory stays flat whatever the file's size.
 *
 * The file is opened for appending and never read: `size` is what it held at open plus what was accepted since.
 * After a failure (a full disk), the bytes on disk are what the next open finds, not `size`.
 */
export class PartWriter {
  private queue: Buffer[] = []
  private queued = 0
  /** Bytes handed to the pump and not yet written (the batch in flight and the queue). */
  private unwritten = 0
  /** Writers waiting for room in the queue (see HIGH_WATER). */
  private roomWaiters: (() => void)[] = []
  private unsynced = 0
  private pump: Promise<void> | null = null
  private syncing: Promise<void> | null = null
  private lastSync: number
  private syncs = 0
  private failure: unknown = null
  private closed = false

  private constructor(
    private readonly fh: FileHandle,
    private accepted: number,
    private readonly policy: SyncPolicy,
    private readonly now: () => number,
  ) {
    this.lastSync = now()
  }

  /** Opens (or creates) the work file at `path` for appending. */
  static async open(
    path: string,
    policy: SyncPolicy = DEFAULT_SYNC,
    now: () => number = () => performance.now(),
  ): Promise<PartWriter> {
    const fh = await open(path, 'a')
    try {
      return new PartWriter(fh, (await fh.stat()).size, policy, now)
    } catch (err) {
      await fh.close()
      throw err
    }
  }

  /** fsyncs started before the end (for the tests of the policy). */
  get periodicSyncs(): number {
    return this.syncs
  }

  /** Bytes accepted and not yet written to the file (for the tests of the back-pressure). */
  get pending(): number {
    return this.unwritten
  }

  /** Bytes on disk at open plus bytes accepted since. */
  get size(): number {
    return this.accepted
  }

  /**
   * Queues `chunk`; resolves at once unless HIGH_WATER bytes wait behind the write in flight, then once that write
   * ends and the pump takes them. Rejects once a write failed.
   */
  async write(chunk: Buffer): Promise<void> {
    this.throwIfFailed()
    this.queue.push(chunk)
    this.queued += chunk.length
    this.unwritten += chunk.length
    this.accepted += chunk.length
    // A fresh pump takes the queue at once (its first step is synchronous), so the check comes after it.
    this.pump ??= this.drain()
    while (this.queued >= HIGH_WATER && this.failure === null)
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve))
    this.throwIfFailed()
  }

  /** Empties the file (the host ignored Range: its bytes start again from 0). */
  async truncate(): Promise<void> {
    await this.settle()
    this.throwIfFailed()
    await this.fh.truncate(0)
    this.accepted = 0
  }

  /** Writes what is queued, fsyncs and closes; rejects with the first write failure (the file is closed anyway). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    try {
      await this.settle()
      this.throwIfFailed()
      await this.fh.sync()
    } finally {
      await this.fh.close()
    }
  }

  /** After a failure elsewhere: keeps what can be kept (queued bytes written and synced), never throws. */
  async abandon(): Promise<void> {
    await this.close().catch(() => {})
  }

  /** Until nothing is queued, being written or being synced. */
  private async settle(): Promise<void> {
    while (this.pump !== null || this.syncing !== null) {
      await this.pump
      await this.syncing
    }
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure
  }

  /** Writes the queue out, batch by batch, until it is empty; a failure is kept for the writer's next call. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue
        const bytes = this.queued
        this.queue = []
        this.queued = 0
        this.wakeWriters()
        await writeAll(this.fh, batch)
        this.unwritten -= bytes
        buffersWritten(bytes)
        this.unsynced += bytes
        if (syncDue(this.policy, this.unsynced, this.now() - this.lastSync) && this.syncing === null) {
          // Not awaited: the writes go on into the page cache while the disk catches up.
          this.unsynced = 0
          this.lastSync = this.now()
          this.syncs++
          this.syncing = this.fh
            .sync()
            .catch((err: unknown) => {
              this.failure ??= err
            })
            .finally(() => {
              this.syncing = null
            })
        }
      }
    } catch (err) {
      this.failure = err
      this.queue = []
      this.queued = 0
    } finally {
      this.pump = null
      this.wakeWriters()
    }
  }

  private wakeWriters(): void {
    const waiting = this.roomWaiters
    this.roomWaiters = []
    for (const wake of waiting) wake()
  }
}

/** writev until every byte is written (a short write is legal, e.g. just before a disk fills up). */
async function writeAll(fh: FileHandle, buffers: Buffer[]): Promise<void> {
  let rest = buffers
  while (rest.length > 0) {
    let { bytesWritten } = await fh.writev(rest)
    while (rest.length > 0 && bytesWritten >= (rest[0] as Buffer).length) {
      bytesWritten -= (rest[0] as Buffer).length
      rest = rest.slice(1)
    }
    if (bytesWritten > 0) rest = [(rest[0] as Buffer).subarray(bytesWritten), ...rest.slice(1)]
  }
}
