import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Folder } from '../../shared/api/types.ts'
import type { AccountPatch } from './account-writes.ts'
import type { AppChange, ChangeOutcome } from './change-writes.ts'
import type { ListedPage } from './crawl-writes.ts'
import type { FilesJson } from './files-json.ts'
import type { ReadiedIndex } from './open-index-db.ts'
import type { WriterAnswers, WriterJob } from './writer-jobs.ts'

/** What the writer thread is started with (its workerData). */
export interface WriterInit {
  file: string
  nativeBinding: string | undefined
  /** Set when the thread runs from the TypeScript sources: the entry thread-from-source.mjs loads. */
  sourceEntry?: string
  /** The thread readies the file before its first job (the first thread of a run; see index-writer-thread.ts). */
  ready: boolean
}

/** A message to the thread: a job (id 0: no answer wanted), or the last one, `close`. */
export type WriterMessage = { id: number; job: WriterJob } | { id: number; close: true }

/** A job's answer, or what the first thread says while it readies the file. */
export type WriterReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string }
  | { upgrading: number }
  | { readied: ReadiedIndex }

export interface IndexWriterOptions {
  /** The index file; the thread readies it (checks it, brings it up to date) before its first job. */
  file: string
  nativeBinding?: string | undefined
  /**
   * The thread's built script (Electron: dist/electron/index-writer.cjs). Absent when running from the sources
   * (the browser host, tests): the TypeScript entry, loaded through thread-from-source.mjs.
   */
  entry?: string | undefined
  /** Told when the thread begins to bring a file of an older schema up to date (the version it was). */
  upgrading?: ((fromVersion: number) => void) | undefined
}

/** One folder's replacement, fed page by page while its revalidation reads the host. */
export interface FolderReplace {
  add(files: FilesJson): void
  /** Adds a page and writes it at once (the folder's first rows show before the rest is read); true if it changed rows. */
  addNow(files: FilesJson): Promise<boolean>
  /** Replaces the folder in one transaction on the thread; true when anything differed. */
  commit(folders: readonly Folder[]): Promise<boolean>
  abort(): void
}

const THREAD_SOURCE = './index-writer-thread.ts'
const FROM_SOURCE = './thread-from-source.mjs'

/**
 * The index's one writer: a thread with the one writing connection, to which every write is a message, run in
 * the order posted (index-writer-thread.ts). Main keeps a read-only connection and never waits on a write: a
 * crawl parses its next page while the thread writes the last, and a sort or a scroll asked while a 100,000-file
 * folder is replaced is answered from main's WAL snapshot, which sees the folder change in one step.
 *
 * The app's own writes are numbered here, in the order they are handed over; a listing of the host takes the
 * last number (mark()) before it asks the host, and its write leaves rows stamped with a later number. Main
 * numbers them, not the thread, so a mark costs no round trip and covers every app write posted before it: each
 * of those was confirmed by the host before the listing asked it, so the listing already shows it.
 *
 * The thread is started at once (start()) or by the first job, and let go (unref) while no answer is awaited. Its
 * first thread readies the file (readied()); the jobs asked before then are held here, in order, and posted once
 * it is ready, because the numbering goes on from the file's last number, which only the ready file tells.
 */
export class IndexWriter {
  private worker: Worker | null = null
  private nextId = 1
  private nextReplace = 1
  private seq = 0
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()
  /** The messages asked before the file was ready, in order; null once it is. */
  private held: Array<() => WriterMessage> | null = []
  private readonly readiness: Promise<ReadiedIndex>
  private settleReadiness: { resolve: (r: ReadiedIndex) => void; reject: (error: Error) => void } | null =
    null
  private failure: Error | null = null

  constructor(private readonly o: IndexWriterOptions) {
    this.readiness = new Promise<ReadiedIndex>((resolve, reject) => {
      this.settleReadiness = { resolve, reject }
    })
    // Whoever awaits readied() is told; unawaited, a failure is still told to every job's caller.
    this.readiness.catch(() => undefined)
  }

  /** Starts the thread now (it loads its code and readies the file), so the first write does not wait for that. */
  start(): void {
    this.thread()
  }

  /** Settles once the thread has readied the file (what it found), or failed to. */
  readied(): Promise<ReadiedIndex> {
    if (this.failure === null) this.thread()
    return this.readiness
  }

  /** The last app write's number: what a listing of the host takes before it asks. Meaningful once readied(). */
  mark(): number {
    return this.seq
  }

  /** Records a change the app made on the host: app write number mark() + 1, written once the thread gets to it. */
  change(accountId: string, change: AppChange): Promise<ChangeOutcome> {
    // Numbered as it is posted: a change asked before the file is ready goes on from the file's last number.
    return this.ask(() => {
      this.seq++
      return { type: 'change', accountId, seq: this.seq, change }
    })
  }

  /** The account's key in the index, creating its row on first use. */
  account(accountId: string): Promise<number> {
    return this.ask({ type: 'account', accountId })
  }

  /** Forgets a removed account's rows. */
  forget(accountId: string): Promise<null> {
    return this.ask({ type: 'forget', accountId })
  }

  startPass(acct: number, gen: number, pass: number): Promise<null> {
    return this.ask({ type: 'startPass', acct, gen, pass })
  }

  /** A crawl listed a folder's subfolders (asked at `mark`); the folder is then done. */
  folderListed(acct: number, gen: number, mark: number, fldId: number, folders: Folder[]): Promise<null> {
    return this.ask({ type: 'folderListed', acct, gen, mark, fldId, folders })
  }

  /** A crawl's pages of the file list, with the account's bookkeeping they change. */
  pages(acct: number, gen: number, pages: ListedPage[], patch: AccountPatch | null): Promise<null> {
    return this.ask({ type: 'pages', acct, gen, pages, patch })
  }

  endCrawl(acct: number, patch: AccountPatch, dropBelow: number | null): Promise<null> {
    return this.ask({ type: 'endCrawl', acct, patch, dropBelow })
  }

  /**
   * Starts a folder's replacement: the thread notes what the folder holds now (only those rows may vanish; see
   * ListingWrites.replaceFolder), and the promise settles once it has, so the caller asks the host after that.
   * `mark` is taken before. The jobs of one replacement go to the thread it began on: if that one stopped, add
   * and abort do nothing and the writes fail.
   */
  async beginReplace(acct: number, fldId: number, mark: number): Promise<FolderReplace> {
    const replace = this.nextReplace++
    const worker = this.thread()
    await this.ask({ type: 'beginReplace', replace, acct, fldId, mark })
    const same = () => worker === this.worker
    return {
      add: (files) => {
        if (same()) this.tell({ type: 'replaceFiles', replace, files })
      },
      addNow: async (files) => {
        if (!same()) throw restarted()
        this.tell({ type: 'replaceFiles', replace, files })
        return (await this.ask({ type: 'listedFiles', acct, mark, files })) > 0
      },
      commit: async (folders) => {
        if (!same()) throw restarted()
        return this.ask({ type: 'commitReplace', replace, folders: [...folders] })
      },
      abort: () => {
        if (same()) this.tell({ type: 'abortReplace', replace })
      },
    }
  }

  /**
   * Lets the jobs already posted finish (app writes the host confirmed are not lost to a quit), then closes the
   * thread's connection. Call it after main's own connection is closed: the last connection to close checkpoints
   * the WAL into the file and removes it.
   */
  async close(): Promise<void> {
    const worker = this.worker
    if (worker === null) return
    // Jobs still held for a file that never became ready are not posted after the close.
    this.held = null
    const id = this.nextId++
    const closed = new Promise<unknown>((resolve, reject) => this.waiting.set(id, { resolve, reject }))
    worker.ref()
    worker.postMessage({ id, close: true } satisfies WriterMessage)
    await closed.catch(() => undefined)
    this.worker = null
    this.failAll(new Error('The file index was closed.'))
    await worker.terminate()
  }

  /** A job whose answer is awaited; `job` may be made as it is posted (change: its number). */
  private ask<J extends WriterJob>(job: J | (() => J)): Promise<WriterAnswers[J['type']]> {
    if (this.failure !== null) return Promise.reject(this.failure)
    const worker = this.thread()
    const id = this.nextId++
    return new Promise<WriterAnswers[J['type']]>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.ref()
      this.post(() => ({ id, job: typeof job === 'function' ? job() : job }))
    })
  }

  /** A job whose answer nobody awaits. */
  private tell(job: WriterJob): void {
    this.post(() => ({ id: 0, job }))
  }

  private post(message: () => WriterMessage): void {
    if (this.held !== null) this.held.push(message)
    else this.thread().postMessage(message())
  }

  private thread(): Worker {
    if (this.worker !== null) return this.worker
    const init: WriterInit = {
      file: this.o.file,
      nativeBinding: this.o.nativeBinding,
      ready: this.settleReadiness !== null,
    }
    const worker =
      this.o.entry !== undefined
        ? new Worker(this.o.entry, { workerData: init })
        : new Worker(fileURLToPath(new URL(FROM_SOURCE, import.meta.url)), {
            workerData: { ...init, sourceEntry: new URL(THREAD_SOURCE, import.meta.url).href },
          })
    // Held while it readies the file: someone awaits that, even before any job is asked.
    if (!init.ready) worker.unref()
    worker.on('message', (reply: WriterReply) => this.settle(reply))
    worker.on('error', (error) => this.stopped(worker, error))
    worker.on('exit', (code) =>
      this.stopped(worker, new Error(`The file index's writer stopped (exit code ${code}).`)),
    )
    this.worker = worker
    return worker
  }

  private settle(reply: WriterReply): void {
    if ('upgrading' in reply) {
      this.o.upgrading?.(reply.upgrading)
      return
    }
    if ('readied' in reply) {
      this.seq = reply.readied.lastSeq
      const held = this.held ?? []
      this.held = null
      for (const message of held) this.worker?.postMessage(message())
      if (this.waiting.size === 0) this.worker?.unref()
      this.settleReadiness?.resolve(reply.readied)
      this.settleReadiness = null
      return
    }
    const waiter = this.waiting.get(reply.id)
    if (waiter === undefined) return
    this.waiting.delete(reply.id)
    if (this.waiting.size === 0) this.worker?.unref()
    if (reply.ok) waiter.resolve(reply.value)
    else waiter.reject(new Error(reply.error))
  }

  /** The thread failed or exited: what waited on it fails, and the next job starts a new one. */
  private stopped(worker: Worker, error: Error): void {
    if (worker !== this.worker) return
    this.worker = null
    if (this.settleReadiness !== null) {
      // The file could not be readied: every job, asked or to come, fails with why.
      this.failure = error
      this.held = null
      this.settleReadiness.reject(error)
      this.settleReadiness = null
    }
    this.failAll(error)
  }

  private failAll(error: Error): void {
    const waiting = [...this.waiting.values()]
    this.waiting.clear()
    for (const w of waiting) w.reject(error)
  }
}

function restarted(): Error {
  return new Error("The file index's writer restarted; the folder is checked again.")
}
