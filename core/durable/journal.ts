import { type FileHandle, open, readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { removeStaleTemps, writeFileAtomic } from './atomic-file.ts'
import { type JournalLines, splitJournal } from './journal-lines.ts'

/**
 * When appended lines are flushed to the disk (fdatasync); every policy also flushes on close():
 * - 'every-append': an append resolves only once its line is flushed (nothing acknowledged is lost to a power cut);
 * - 'when-asked': only appends made with `{ sync: true }` wait for a flush; the others resolve once written
 *   (they survive a crash of the process, not a power cut);
 * - `{ maxDelayMs }`: appends resolve once written and one flush follows within maxDelayMs for all of them.
 */
export type SyncPolicy = 'every-append' | 'when-asked' | { maxDelayMs: number }

export interface JournalOptions {
  sync: SyncPolicy
  /** Names the journal in errors, in user words ("the upload queue"). */
  label: string
  /**
   * Other writers (another window's core, the CLI) may append to the same file: each append is one O_APPEND
   * write, so their lines never mix. Such a journal cannot be compacted (the others' handles would keep
   * writing to the replaced file). Without it, a second open in this process is refused.
   */
  sharedAppend?: boolean
}

export interface OpenedJournal extends Omit<JournalLines, 'tail'> {
  journal: Journal
}

type Op =
  | { kind: 'write'; text: string; sync: boolean; done: () => void; fail: (e: unknown) => void }
  | { kind: 'compact'; text: string; done: () => void; fail: (e: unknown) => void }
  | { kind: 'flush'; done: () => void; fail: (e: unknown) => void }

/** Paths open in this process: two Journal objects on one file would interleave and lose each other's lines. */
const openHere = new Set<string>()

/**
 * An append-only JSON-lines file, one record (an object) per line. Appends are group-committed: those made
 * while a write is in flight share the next write and at most one fdatasync; lines land in call order. A failed
 * write may leave half a line, so the next write starts on a fresh line. compact() replaces the content while
 * appends go on.
 */
export class Journal {
  private ops: Op[] = []
  private running: Promise<void> | null = null
  private closed = false
  private freshLine = false
  private unsynced = false
  private syncTimer: NodeJS.Timeout | null = null

  private constructor(
    private fh: FileHandle,
    readonly path: string,
    private readonly options: JournalOptions,
  ) {}

  /**
   * Reads the whole lines (see splitJournal: a torn last line is cut off, a complete one gets its newline) and
   * opens the file for appending, creating it owner-only.
   */
  static async open(file: string, options: JournalOptions): Promise<OpenedJournal> {
    const path = resolve(file)
    const exclusive = options.sharedAppend !== true
    if (exclusive && openHere.has(path)) {
      throw new Error(`${capital(options.label)} (${path}) is already open in this process.`)
    }
    if (exclusive) openHere.add(path)
    try {
      // A compaction cut short by a kill leaves its temp file; the journal itself is the old one, whole.
      if (exclusive) await removeStaleTemps(path)
      const data = await readFile(path).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return Buffer.alloc(0)
        throw err
      })
      const { tail, ...split } = splitJournal(data)
      const fh = await open(path, 'a', 0o600)
      try {
        if (tail.action === 'truncate') await fh.truncate(tail.length)
        if (tail.action === 'add-newline') await fh.write('\n')
        if (tail.action !== 'none') await fh.datasync()
      } catch (err) {
        await fh.close()
        throw err
      }
      return { journal: new Journal(fh, path, options), ...split }
    } catch (err) {
      if (exclusive) openHere.delete(path)
      throw err
    }
  }

  /** Appends records, one line each, in call order. Resolves when written (and flushed, per the policy). */
  append(records: readonly object[], opts: { sync?: boolean } = {}): Promise<void> {
    return this.appendLines(
      records.map((r) => JSON.stringify(r)),
      opts,
    )
  }

  /** Appends lines serialised by the caller (each one JSON object, no newline inside). */
  appendLines(lines: readonly string[], opts: { sync?: boolean } = {}): Promise<void> {
    if (lines.length === 0) return Promise.resolve()
    const bad = lines.find((l) => l.includes('\n') || !l.startsWith('{') || !l.endsWith('}'))
    if (bad !== undefined) return Promise.reject(new Error(`Not a one-line JSON record: ${bad.slice(0, 80)}`))
    const sync = this.options.sync === 'every-append' || opts.sync === true
    const text = lines.map((l) => `${l}\n`).join('')
    return this.enqueue((done, fail) => ({ kind: 'write', text, sync, done, fail }))
  }

  /**
   * Replaces the whole file with `records`, atomically (a crash leaves the old file or the new one). They must be
   * the caller's state as of this call: appends made before it are covered by them, appends made after it land
   * after them.
   */
  compact(records: readonly object[]): Promise<void> {
    if (this.options.sharedAppend === true) {
      return Promise.reject(
        new Error(`${capital(this.options.label)} is shared with other writers: it cannot be compacted.`),
      )
    }
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('')
    return this.enqueue((done, fail) => ({ kind: 'compact', text, done, fail }))
  }

  /** Flushes everything written so far to the disk. */
  flush(): Promise<void> {
    return this.enqueue((done, fail) => ({ kind: 'flush', done, fail }))
  }

  /** Writes and flushes what is pending, then closes the file. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return
    const last = this.unsynced || this.ops.length > 0 ? this.flush() : Promise.resolve()
    this.closed = true
    if (this.syncTimer) clearTimeout(this.syncTimer)
    this.syncTimer = null
    try {
      await last
    } finally {
      await this.running
      if (this.options.sharedAppend !== true) openHere.delete(this.path)
      await this.fh.close()
    }
  }

  private enqueue(make: (done: () => void, fail: (e: unknown) => void) => Op): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${capital(this.options.label)} is closed.`))
    return new Promise((done, fail) => {
      this.ops.push(make(done, fail))
      this.running ??= this.drain()
    })
  }

  private async drain(): Promise<void> {
    while (this.ops.length > 0) {
      const head = this.ops[0] as Op
      if (head.kind === 'write') {
        let n = 0
        while (this.ops[n]?.kind === 'write') n++
        await this.write(this.ops.splice(0, n) as Extract<Op, { kind: 'write' }>[])
      } else {
        this.ops.shift()
        await (head.kind === 'compact' ? this.rewrite(head.text) : this.sync()).then(head.done, head.fail)
      }
    }
    this.running = null
  }

  private async write(group: Extract<Op, { kind: 'write' }>[]): Promise<void> {
    const text = group.map((g) => g.text).join('')
    try {
      await this.fh.write(this.freshLine ? `\n${text}` : text)
      this.freshLine = false
    } catch (err) {
      this.freshLine = true
      for (const g of group) g.fail(err)
      return
    }
    this.unsynced = true
    try {
      if (group.some((g) => g.sync)) await this.sync()
      else this.scheduleSync()
    } catch (err) {
      // Written but not on the disk: those who asked for a flush hear it; the next flush retries.
      for (const g of group) (g.sync ? g.fail : g.done)(err)
      return
    }
    for (const g of group) g.done()
  }

  private async sync(): Promise<void> {
    if (!this.unsynced) return
    this.unsynced = false
    try {
      await this.fh.datasync()
    } catch (err) {
      this.unsynced = true
      throw err
    }
  }

  private scheduleSync(): void {
    const policy = this.options.sync
    if (typeof policy !== 'object' || this.syncTimer || this.closed) return
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null
      // A failed timed flush is retried by the next one or by close().
      if (!this.closed) this.flush().catch(() => this.scheduleSync())
    }, policy.maxDelayMs)
    // A pending flush must not keep a finished CLI run alive; close() flushes anyway.
    this.syncTimer.unref()
  }

  /** Swaps the file for a compacted one; on failure the old file stays open and in use. */
  private async rewrite(text: string): Promise<void> {
    await this.sync()
    try {
      await writeFileAtomic(this.path, text)
    } catch (err) {
      throw new Error(`Could not compact ${this.options.label}: ${(err as Error).message}`, { cause: err })
    }
    const fresh = await open(this.path, 'a', 0o600)
    const old = this.fh
    this.fh = fresh
    this.freshLine = false
    await old.close()
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
