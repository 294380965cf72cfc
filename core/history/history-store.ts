import { type FileHandle, mkdir, open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FiledockError } from '../../shared/errors.ts'
import { type HistoryEntry, type HistoryQuery, isHistoryEntry } from '../../shared/history.ts'
import { serializeEntry, splitHistory } from './history-file.ts'
import { HistoryIndex } from './history-index.ts'

export type { HistoryEntry, HistoryQuery } from '../../shared/history.ts'

export const HISTORY_FILE = 'history.jsonl'
/** Longest time a written record waits for its fdatasync. */
export const SYNC_INTERVAL_MS = 100

/**
 * The upload history: every finished upload, newest last in an append-only JSONL file in the data folder, and
 * all of it in memory for instant search (history-index.ts; 100,000 records load well under a second).
 *
 * Durability, decided: append() resolves once its record is written to the file, so it survives a crash of
 * Filedock and other readers see it. fdatasync runs at most once per SYNC_INTERVAL_MS for everything written
 * since the last one, and on close(): uploads can finish by the hundred per second, and one disk flush per
 * record would cost more than the uploads' own bookkeeping. A power cut can lose at most the last ~100 ms of
 * records; the files themselves are safe on the host.
 *
 * One process writes the file at a time in practice (the app or the CLI). Appends from two processes do not
 * corrupt it (each record is one O_APPEND write), but each process sees only the other's records from before
 * it opened the store.
 */
export class HistoryStore {
  private readonly index = new HistoryIndex()
  private pending: Array<{
    entry: HistoryEntry
    line: string
    resolve: () => void
    reject: (e: unknown) => void
  }> = []
  private writing: Promise<void> | null = null
  private syncTimer: NodeJS.Timeout | null = null
  private syncing: Promise<void> = Promise.resolve()
  private lastSync = 0
  private unsynced = false
  /** A failed write may have left half a line: the next write starts a fresh one. */
  private startFreshLine = false
  private closed = false

  private constructor(
    private readonly handle: FileHandle,
    /** Records the file held that could not be read, for a notice; 0 normally. */
    readonly skippedOnLoad: number,
  ) {}

  static async open(dataDir: string): Promise<HistoryStore> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    const path = join(dataDir, HISTORY_FILE)
    const data = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return Buffer.alloc(0)
      throw ioError('read', error)
    })
    const parsed = splitHistory(data)
    const handle = await open(path, 'a', 0o600).catch((error: unknown) => {
      throw ioError('open', error)
    })
    try {
      if (parsed.tail.action === 'truncate') await handle.truncate(parsed.tail.length)
      if (parsed.tail.action === 'add-newline') await handle.appendFile('\n')
    } catch (error) {
      await handle.close()
      throw ioError('repair', error)
    }
    const store = new HistoryStore(handle, parsed.skipped)
    for (const line of parsed.lines) store.index.addLine(line, parsed.ascii)
    return store
  }

  append(entry: HistoryEntry): Promise<void> {
    if (this.closed) return Promise.reject(ioError('write', new Error('the history is closed')))
    if (!isHistoryEntry(entry)) {
      return Promise.reject(new FiledockError({ kind: 'invalid_input', message: 'Not a history record.' }))
    }
    const line = serializeEntry(entry)
    // The caller keeps its object; the store keeps (and freezes) its own copy, exactly as written.
    const copy = JSON.parse(line) as HistoryEntry
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ entry: copy, line, resolve, reject })
      this.writing ??= this.writeLoop()
    })
  }

  /** Newest first; see history-search.ts for what matches. */
  search(q: HistoryQuery = {}): HistoryEntry[] {
    return this.index.search(q)
  }

  /** The batch's records in the order they finished. */
  byBatch(batchId: string): HistoryEntry[] {
    return this.index.byBatch(batchId)
  }

  count(): number {
    return this.index.count()
  }

  /** Writes what is pending, flushes it to disk and closes the file. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.writing
    if (this.syncTimer) clearTimeout(this.syncTimer)
    this.syncTimer = null
    await this.syncing
    try {
      if (this.unsynced) await this.handle.datasync()
    } finally {
      await this.handle.close()
    }
  }

  /** Everything queued while one write runs goes out in the next single write. */
  private async writeLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending
      this.pending = []
      const lines = batch.map((p) => `${p.line}\n`).join('')
      try {
        await this.handle.appendFile(this.startFreshLine ? `\n${lines}` : lines)
        this.startFreshLine = false
      } catch (error) {
        this.startFreshLine = true
        for (const p of batch) p.reject(ioError('write', error))
        continue
      }
      for (const p of batch) this.index.addEntry(p.entry)
      this.unsynced = true
      this.scheduleSync()
      for (const p of batch) p.resolve()
    }
    this.writing = null
  }

  private scheduleSync(): void {
    if (this.syncTimer || this.closed) return
    const wait = Math.max(0, this.lastSync + SYNC_INTERVAL_MS - Date.now())
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null
      this.syncing = this.sync()
    }, wait)
    // A pending flush must not keep a finished CLI run alive; the data is written already.
    this.syncTimer.unref()
  }

  private async sync(): Promise<void> {
    this.unsynced = false
    this.lastSync = Date.now()
    try {
      await this.handle.datasync()
    } catch {
      // Written but not flushed: retry with the next record or on close.
      this.unsynced = true
    }
  }
}

function ioError(what: 'read' | 'open' | 'repair' | 'write', cause: unknown): FiledockError {
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? ` (${String(cause.code)})` : ''
  const detail = cause instanceof Error && !code ? ` (${cause.message})` : code
  // No error kind fits a local disk failure better: 'internal' says Filedock could not do its own bookkeeping.
  return new FiledockError(
    {
      kind: 'internal',
      message: `Could not ${what} the upload history file${detail}.`,
      operation: 'history',
    },
    { cause },
  )
}
