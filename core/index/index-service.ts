import { isFiledockError } from '../../shared/errors.ts'
import type { IndexState, IndexStatus, IndexWindow } from '../../shared/file-index.ts'
import type { ApiClient } from '../api/client.ts'
import { isTransient } from '../api/retry.ts'
import { delay } from '../queue/backoff.ts'
import { AccountRows } from './account-rows.ts'
import { AppIndexWrites } from './app-index-writes.ts'
import { crawlAccount } from './crawl.ts'
import { CrawlPages } from './crawl-pages.ts'
import { FolderWriter } from './folder-writer.ts'
import { IndexReader } from './index-reader.ts'
import { IndexWrites } from './index-writes.ts'
import type { MoveProgress } from './move-selection.ts'
import { openIndexDb } from './open-index-db.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { RecentAppWrites } from './recent-app-writes.ts'
import { revalidateFolder } from './revalidate.ts'

export type IndexEvent =
  | {
      type: 'index.progress'
      accountId: string
      state: IndexState
      filesIndexed: number
      filesTotal: number | null
      foldersIndexed: number
      warning: string | null
    }
  | { type: 'index.changed'; accountId: string; fldIds: number[] | null }
  | ({ type: 'index.moveProgress'; moveId: string; accountId: string; fldId: number } & MoveProgress)

export interface IndexServiceOptions {
  /** The database file (one per app data folder). */
  file: string
  /** better-sqlite3's addon for this runtime (Electron's build under Electron); its own build when absent. */
  nativeBinding?: string | undefined
  /** The folder writer thread's built script (Electron's bundle); from the sources when absent. */
  folderWriterEntry?: string | undefined
  clientFor(accountId: string): Promise<ApiClient>
  /** The app's accounts (id and label), read when status is asked and when crawls are scheduled. */
  accounts(): Array<{ id: string; label: string }>
  emit(event: IndexEvent): void
  /** per_page asked of file/list (hosts may clamp it). Default 500. */
  perPage?: number
  /** Requests in flight per account. Default 3. */
  concurrency?: number
  /**
   * A full re-crawl in the background at most this often per account. Default 6 h; 0 turns it off. A function
   * is asked at each check (the user's setting); after it changes, call scheduleChanged().
   */
  recrawlEveryMs?: number | (() => number)
  /** Start crawls by themselves (at open, for new accounts, when stale). Default true. */
  autoCrawl?: boolean
  /** Waits while the host is unreachable, doubling up to the max. Defaults 2 s and 60 s. */
  offlineRetryMs?: { base: number; max: number }
  log?: (line: string) => void
}

const PROGRESS_INTERVAL_MS = 250
const CHANGED_INTERVAL_MS = 1_000
const SCHEDULE_CHECK_MS = 60_000
const DEFAULT_RECRAWL_MS = 6 * 3_600_000

/**
 * The account index: every folder and file of each account in one SQLite file, filled by resumable background
 * crawls, kept fresh by folder revalidations and by the app's own changes, and read by windowed queries.
 * Plain Node: the hosts (Electron, browser, CLI) give it clients and an event sink.
 */
export class IndexService {
  /** The app's own changes (IndexAppChanges, a selection's move) go in here; the crawl writes through `writes`. */
  readonly appWrites: AppIndexWrites
  readonly reader: IndexReader
  private readonly writes: IndexWrites
  private readonly rows: AccountRows
  private readonly pages: CrawlPages
  private readonly writer: FolderWriter
  private readonly states = new Map<string, { state: IndexState; warning: string | null }>()
  private readonly crawls = new Map<string, Promise<void>>()
  private readonly revalidations = new Map<string, Promise<boolean>>()
  private readonly recentAppWrites = new RecentAppWrites()
  private readonly lastProgress = new Map<string, number>()
  private readonly lastChanged = new Map<string, number>()
  private readonly stop = new AbortController()
  private timer: NodeJS.Timeout | null = null
  private readonly log: (line: string) => void
  /** Said once: the index file was unreadable and is being rebuilt. */
  private rebuiltNotice: string | null

  private constructor(
    private readonly db: import('better-sqlite3').Database,
    rebuilt: string | null,
    private readonly o: IndexServiceOptions,
  ) {
    this.rows = new AccountRows(db)
    this.pages = new CrawlPages(db)
    this.writes = new IndexWrites(db)
    this.appWrites = new AppIndexWrites(this.writes, this.recentAppWrites)
    this.reader = new IndexReader(db)
    this.writer = new FolderWriter({
      file: o.file,
      nativeBinding: o.nativeBinding,
      entry: o.folderWriterEntry,
    })
    this.log = o.log ?? ((line) => process.stderr.write(`${line}\n`))
    this.rebuiltNotice = rebuilt
    if (rebuilt !== null) this.log(`Filedock: ${rebuilt}`)
    this.armSchedule()
  }

  /** Checks for stale accounts once a minute, or more often when the interval itself is shorter (tests). */
  private armSchedule(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    if (this.o.autoCrawl === false || this.stop.signal.aborted) return
    const every = this.recrawlEvery()
    this.timer = setInterval(
      () => this.crawlWhatIsDue(),
      Math.min(SCHEDULE_CHECK_MS, every || SCHEDULE_CHECK_MS),
    )
    this.timer.unref()
  }

  private recrawlEvery(): number {
    const every = this.o.recrawlEveryMs ?? DEFAULT_RECRAWL_MS
    return typeof every === 'function' ? every() : every
  }

  /**
   * The re-crawl interval changed (the user's setting): it applies from now on, without a restart. An account
   * that is already older than the new interval is crawled now, not at the next check.
   */
  scheduleChanged(): void {
    this.armSchedule()
    if (this.o.autoCrawl !== false) this.crawlWhatIsDue()
  }

  static open(o: IndexServiceOptions): IndexService {
    const { db, rebuilt } = openIndexDb(o.file, o.nativeBinding)
    const service = new IndexService(db, rebuilt, o)
    if (o.autoCrawl !== false) service.crawlWhatIsDue()
    return service
  }

  /** Starts crawls that are due: interrupted ones (resume), accounts never crawled, and stale ones. */
  crawlWhatIsDue(): void {
    const every = this.recrawlEvery()
    for (const { id } of this.o.accounts()) {
      const row = this.rows.get(id)
      const stale =
        every > 0 && row.lastFullCrawl !== null && Date.now() - Date.parse(row.lastFullCrawl) > every
      const failed = this.states.get(id)?.state === 'error'
      if (!failed && (row.crawling || row.lastFullCrawl === null || stale)) void this.crawl(id)
    }
  }

  /** A full crawl of one account; joins the running one. Resolves when it ends (complete, warned or stopped). */
  crawl(accountId: string): Promise<void> {
    const running = this.crawls.get(accountId)
    if (running !== undefined) return running
    const task = this.runCrawl(accountId).finally(() => this.crawls.delete(accountId))
    this.crawls.set(accountId, task)
    return task
  }

  private async runCrawl(accountId: string): Promise<void> {
    const retry = this.o.offlineRetryMs ?? { base: 2_000, max: 60_000 }
    let wait = retry.base
    for (;;) {
      if (this.stop.signal.aborted) return
      this.setState(accountId, 'crawling', null)
      try {
        const client = await this.o.clientFor(accountId)
        const outcome = await crawlAccount({
          accountId,
          client,
          accounts: this.rows,
          writes: this.writes,
          pages: this.pages,
          perPage: this.o.perPage ?? 500,
          concurrency: this.o.concurrency ?? 3,
          maxPasses: 3,
          signal: this.stop.signal,
          appWrites: this.recentAppWrites,
          onProgress: () => this.progress(accountId, false),
        })
        const warning = outcome.complete ? null : outcome.warning
        if (outcome.complete) this.rebuiltNotice = null
        this.rows.update(accountId, { warning })
        this.setState(accountId, 'ready', warning)
        this.o.emit({ type: 'index.changed', accountId, fldIds: null })
        return
      } catch (error) {
        if (this.stop.signal.aborted) return
        if (!isFiledockError(error)) throw error
        // A host that answers garbage is not waited for (it would loop): the crawl stops with the reason.
        if (isTransient(error) && error.kind !== 'malformed') {
          // The host is unreachable or overloaded: wait (the position is saved) and go on where the crawl was.
          this.setState(accountId, 'paused', `Indexing waits for the host: ${error.message}`)
          const asked = error.retryAfterMs ?? 0
          await delay(Math.max(wait, asked), this.stop.signal)
          wait = Math.min(retry.max, wait * 2)
          continue
        }
        this.setState(accountId, 'error', `Indexing stopped: ${error.message}`)
        return
      }
    }
  }

  private setState(accountId: string, state: IndexState, warning: string | null): void {
    this.states.set(accountId, { state, warning })
    this.progress(accountId, true)
  }

  /** Emits crawl progress, a few times a second at most (always when the state changes). */
  private progress(accountId: string, force: boolean): void {
    const now = Date.now()
    if (!force && now - (this.lastProgress.get(accountId) ?? 0) < PROGRESS_INTERVAL_MS) return
    this.lastProgress.set(accountId, now)
    const s = this.statusOf(accountId, '')
    this.o.emit({
      type: 'index.progress',
      accountId,
      state: s.state,
      filesIndexed: s.filesIndexed,
      filesTotal: s.filesTotal,
      foldersIndexed: s.foldersIndexed,
      warning: s.warning,
    })
    // Windows showing a crawling account grow as pages arrive; a second between refetches keeps that cheap.
    if (s.state === 'crawling' && now - (this.lastChanged.get(accountId) ?? 0) >= CHANGED_INTERVAL_MS) {
      this.lastChanged.set(accountId, now)
      this.o.emit({ type: 'index.changed', accountId, fldIds: null })
    }
  }

  status(): IndexStatus[] {
    return this.o.accounts().map((a) => this.statusOf(a.id, a.label))
  }

  private statusOf(accountId: string, label: string): IndexStatus {
    const row = this.rows.get(accountId)
    const counts = this.writes.counts(row.acct)
    const live = this.states.get(accountId)
    const state: IndexState =
      live?.state ??
      (row.lastFullCrawl !== null ? 'ready' : counts.files > 0 || row.crawling ? 'paused' : 'empty')
    return {
      accountId,
      label,
      state,
      filesIndexed: counts.files,
      filesTotal: row.filesTotal,
      foldersIndexed: counts.folders,
      lastFullCrawl: row.lastFullCrawl,
      warning: live?.warning ?? row.warning ?? this.rebuiltNotice,
    }
  }

  /** Revalidates one folder against the host; concurrent asks for the same folder share one pass. */
  revalidate(accountId: string, fldId: number): Promise<boolean> {
    const key = `${accountId}\u0000${fldId}`
    const running = this.revalidations.get(key)
    if (running !== undefined) return running
    const task = (async () => {
      const client = await this.o.clientFor(accountId)
      const row = this.rows.get(accountId)
      const changed = await revalidateFolder({
        client,
        writer: this.writer,
        acct: row.acct,
        fldId,
        perPage: row.crawlPerPage ?? this.o.perPage ?? 500,
        signal: this.stop.signal,
        appWrites: this.recentAppWrites,
      })
      if (changed) this.o.emit({ type: 'index.changed', accountId, fldIds: [fldId] })
      return changed
    })().finally(() => this.revalidations.delete(key))
    this.revalidations.set(key, task)
    return task
  }

  /** The index's key of an account, creating its rows on first use. */
  acct(accountId: string): number {
    return this.rows.key(accountId)
  }

  /** Whether every account of a query has finished a full crawl (its result cannot grow by crawling). */
  complete(accountIds: readonly string[]): boolean {
    return accountIds.every((id) => this.rows.get(id).lastFullCrawl !== null)
  }

  window(q: ResolvedQuery, accountIds: readonly string[], offset: number, limit: number): IndexWindow {
    return this.reader.window(q, offset, limit, this.complete(accountIds))
  }

  /** The generation app writes are stamped with (the running crawl's, so they survive its clean-up). */
  generation(accountId: string): number {
    return this.rows.get(accountId).generation
  }

  /** When a folder was last revalidated (ms), null if never. */
  folderCheckedAt(accountId: string, fldId: number): number | null {
    return this.writes.checkedAt(this.rows.key(accountId), fldId)
  }

  emitChanged(accountId: string, fldIds: number[] | null): void {
    this.o.emit({ type: 'index.changed', accountId, fldIds })
  }

  emitMoveProgress(moveId: string, accountId: string, fldId: number, progress: MoveProgress): void {
    this.o.emit({ type: 'index.moveProgress', moveId, accountId, fldId, ...progress })
  }

  /** Forgets a removed account. */
  forget(accountId: string): void {
    this.rows.remove(accountId)
    this.states.delete(accountId)
  }

  async close(): Promise<void> {
    this.stop.abort()
    if (this.timer) clearInterval(this.timer)
    await Promise.allSettled([...this.crawls.values(), ...this.revalidations.values()])
    await this.writer.close()
    this.db.close()
  }
}
