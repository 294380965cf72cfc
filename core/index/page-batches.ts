import type { AccountPatch } from './account-writes.ts'
import type { ListedPage } from './crawl-writes.ts'
import type { IndexWriter } from './index-writer.ts'

/**
 * Pages queued while the writer is busy before add() waits. A page of 500 is ~100 KB of JSON: a dozen keep the
 * host's requests going while the thread writes, without holding the account's listing in memory.
 */
export const MAX_QUEUED = 12
/**
 * Pages written in one transaction at most. A commit rewrites every page of the table and its indexes that the
 * transaction touched, and rows land all over eight indexes: fewer, larger commits write each of those pages
 * once for many rows (8 pages a transaction: 0.4 GB written for 100,000 rows, against 2 GB one page at a time),
 * while an app write waiting behind a batch still waits ~0.1 s at most.
 */
export const MAX_BATCH = 8

/**
 * A crawl's pages on their way to the writer thread. One batch is written at a time; pages that arrive meanwhile
 * are gathered into the next, so the first page is written (and shown) at once and later ones go together as
 * fast as the thread takes them. A failed write fails the next add() or flush().
 */
export class PageBatches {
  private queued: Array<{ page: ListedPage; patch: AccountPatch | null }> = []
  private writing: Promise<void> | null = null
  private failure: unknown = null
  private readonly space: Array<() => void> = []

  constructor(
    private readonly writer: IndexWriter,
    private readonly acct: number,
    private readonly gen: number,
    /** After each batch is committed: its pages' records are in the index. */
    private readonly onWritten: () => void,
  ) {}

  /** Queues a page (with a change to the account's bookkeeping that must commit with it); waits while many are. */
  async add(page: ListedPage, patch: AccountPatch | null = null): Promise<void> {
    this.check()
    this.queued.push({ page, patch })
    this.next()
    while (this.queued.length >= MAX_QUEUED && this.failure === null)
      await new Promise<void>((resolve) => this.space.push(resolve))
    this.check()
  }

  /** Resolves once every page added is committed. */
  async flush(): Promise<void> {
    while (this.writing !== null) await this.writing
    this.check()
  }

  private next(): void {
    if (this.writing !== null || this.queued.length === 0 || this.failure !== null) return
    const batch = this.queued.splice(0, MAX_BATCH)
    const pages = batch.map((b) => b.page)
    const patches = batch.flatMap((b) => (b.patch === null ? [] : [b.patch]))
    const patch = patches.length === 0 ? null : Object.assign({}, ...patches)
    for (const wake of this.space.splice(0)) wake()
    this.writing = this.writer.pages(this.acct, this.gen, pages, patch).then(
      () => {
        this.writing = null
        this.onWritten()
        this.next()
      },
      (error: unknown) => {
        this.writing = null
        this.failure = error
        for (const wake of this.space.splice(0)) wake()
      },
    )
  }

  private check(): void {
    if (this.failure !== null) throw this.failure
  }
}
