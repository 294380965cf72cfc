import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Folder } from '../../shared/api/types.ts'
import type { IndexedFile } from './index-writes.ts'
import type { AppWritten } from './recent-app-writes.ts'

/** What the folder writer's thread is started with (its workerData). */
export interface WriterInit {
  file: string
  nativeBinding: string | undefined
  /** Set when the thread runs from the TypeScript sources: the entry thread-from-source.mjs loads. */
  sourceEntry?: string
}

export type WriterRequest =
  | { type: 'begin'; job: number; acct: number; fldId: number }
  | { type: 'files'; job: number; files: readonly IndexedFile[] }
  | { type: 'commit'; job: number; folders: readonly Folder[]; keep: AppWritten }
  | { type: 'abort'; job: number }

export type WriterReply =
  | { job: number; ok: true; changed: boolean }
  | { job: number; ok: false; error: string }

export interface FolderWriterOptions {
  /** The index file, already opened (and checked) by main. */
  file: string
  nativeBinding?: string | undefined
  /**
   * The thread's built script (Electron: dist/electron/folder-writer.cjs). Absent when running from the sources
   * (the browser host, tests): the TypeScript entry, loaded through thread-from-source.mjs.
   */
  entry?: string | undefined
}

/** One folder's replacement, fed page by page while its revalidation reads the host. */
export interface FolderReplace {
  add(files: readonly IndexedFile[]): void
  /**
   * Replaces the folder in one transaction on the thread, leaving the rows in `keep` (the app changed them after
   * the host was asked) as they are; true when anything differed.
   */
  commit(folders: readonly Folder[], keep: AppWritten): Promise<boolean>
  abort(): void
}

const THREAD_SOURCE = './folder-writer-thread.ts'
const FROM_SOURCE = './thread-from-source.mjs'

/**
 * Replaces folders of the index on a thread of its own, with its own connection. A revalidated 100,000-file
 * folder is one transaction of about half a second; on main it held the event loop, so a sort or a scroll asked
 * meanwhile waited for it. Main's readers keep their WAL snapshot while the thread writes and see the folder
 * change in one step when it commits. The thread starts on first use and is let go (unref) while idle.
 */
export class FolderWriter {
  private worker: Worker | null = null
  private nextJob = 1
  private readonly waiting = new Map<
    number,
    { resolve: (changed: boolean) => void; reject: (error: Error) => void }
  >()

  constructor(private readonly o: FolderWriterOptions) {}

  /**
   * Starts a replacement: the thread notes what the folder holds now, before the host is asked (only those rows
   * may vanish; see IndexWrites.replaceFolder), and the promise settles once it has.
   */
  async begin(acct: number, fldId: number): Promise<FolderReplace> {
    const worker = this.thread()
    const job = this.nextJob++
    await this.ask(worker, { type: 'begin', job, acct, fldId })
    return {
      add: (files) => {
        if (worker === this.worker) worker.postMessage({ type: 'files', job, files } satisfies WriterRequest)
      },
      commit: (folders, keep) => this.ask(worker, { type: 'commit', job, folders, keep }),
      abort: () => {
        if (worker === this.worker) worker.postMessage({ type: 'abort', job } satisfies WriterRequest)
      },
    }
  }

  async close(): Promise<void> {
    const worker = this.worker
    this.worker = null
    this.failAll(new Error('The file index was closed.'))
    if (worker !== null) await worker.terminate()
  }

  private ask(worker: Worker, request: WriterRequest): Promise<boolean> {
    if (worker !== this.worker)
      return Promise.reject(
        new Error("The file index's folder writer restarted; the folder is checked again."),
      )
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.set(request.job, { resolve, reject })
      worker.ref()
      worker.postMessage(request)
    })
  }

  private thread(): Worker {
    if (this.worker !== null) return this.worker
    const init: WriterInit = { file: this.o.file, nativeBinding: this.o.nativeBinding }
    const worker =
      this.o.entry !== undefined
        ? new Worker(this.o.entry, { workerData: init })
        : new Worker(fileURLToPath(new URL(FROM_SOURCE, import.meta.url)), {
            workerData: { ...init, sourceEntry: new URL(THREAD_SOURCE, import.meta.url).href },
          })
    worker.unref()
    worker.on('message', (reply: WriterReply) => this.settle(reply))
    worker.on('error', (error) => this.stopped(worker, error))
    worker.on('exit', (code) =>
      this.stopped(worker, new Error(`The file index's folder writer stopped (exit code ${code}).`)),
    )
    this.worker = worker
    return worker
  }

  private settle(reply: WriterReply): void {
    const waiter = this.waiting.get(reply.job)
    if (waiter === undefined) return
    this.waiting.delete(reply.job)
    if (this.waiting.size === 0) this.worker?.unref()
    if (reply.ok) waiter.resolve(reply.changed)
    else waiter.reject(new Error(reply.error))
  }

  /** The thread failed or exited: what waited on it fails, and the next replacement starts a new one. */
  private stopped(worker: Worker, error: Error): void {
    if (worker !== this.worker) return
    this.worker = null
    this.failAll(error)
  }

  private failAll(error: Error): void {
    const waiting = [...this.waiting.values()]
    this.waiting.clear()
    for (const w of waiting) w.reject(error)
  }
}
