import { type FileHandle, open } from 'node:fs/promises'

/** Bytes queued for the disk before the reader waits: room for an fsync to finish while the network goes on. */
const HIGH_WATER = 4 << 20
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
 * bytes wait, then awaits the disk: memory stays flat whatever the file's size.
 *
 * The file is opened for appending and never read: `size` is what it held at open plus what was accepted since.
 * After a failure (a full disk), the bytes on disk are what the next open finds, not `size`.
 */
export class PartWriter {
  private queue: Buffer[] = []
  private queued = 0
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

  /** Bytes on disk at open plus bytes accepted since. */
  get size(): number {
    return this.accepted
  }

  /** Queues `chunk`; resolves at once unless HIGH_WATER bytes wait for the disk. Rejects once a write failed. */
  async write(chunk: Buffer): Promise<void> {
    this.throwIfFailed()
    this.queue.push(chunk)
    this.queued += chunk.length
    this.accepted += chunk.length
    // Measured before the pump starts: a fresh pump takes the queue at once (its first step is synchronous).
    const full = this.queued >= HIGH_WATER
    this.pump ??= this.drain()
    if (full) await this.pump
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
        await writeAll(this.fh, batch)
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
    }
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
