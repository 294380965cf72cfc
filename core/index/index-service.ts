import { defineMessages } from '@formatjs/intl'
import { type FiledockError, isFiledockError } from '../../shared/errors.ts'
import type {
  IndexFileRow,
  IndexState,
  IndexStatus,
  IndexWindow,
  SelectionSummary,
} from '../../shared/file-index.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { ApiClient } from '../api/client.ts'
import { failedOnClosedClient } from '../api/closed-client.ts'
import { isTransient } from '../api/retry.ts'
import { logLine } from '../logging/log.ts'
import { delay } from '../queue/backoff.ts'
import { AccountRows } from './account-rows.ts'
import type { AppChange, ChangeOutcome } from './change-writes.ts'
import { crawlAccount } from './crawl.ts'
import { CrawlAnnouncements } from './crawl-announcements.ts'
import { type FileBasics, IndexReader } from './index-reader.ts'
import { INDEX_WARNINGS, indexWarning, warningOf } from './index-warning.ts'
import { IndexWriter } from './index-writer.ts'
import type { MoveProgress } from './move-selection.ts'
import { openIndexReader, type ReadiedIndex } from './open-index-db.ts'
import type { ScopeContext } from './query-scope.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { revalidateFolder } from './revalidate.ts'
import {
  type MissingFile,
  type Selection,
  selectedFileBasics,
  selectedFiles,
  selectedLinks,
  summarize,
} from './selection.ts'

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
  /** The writer thread's built script (Electron's bundle); from the sources when absent. */
  writerEntry?: string | undefined
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
  /** Where log lines go; the process's redacting logger when absent. */
  log?: (line: string) => void
}

const PROGRESS_INTERVAL_MS = 250
const SCHEDULE_CHECK_MS = 60_000
const DEFAULT_RECRAWL_MS = 6 * 3_600_000

/** Main's side of the index once the file is ready: its read-only connection and what reads through it. */
interface OpenIndex {
  db: import('better-sqlite3').Database
  reader: IndexReader
  rows: AccountRows
}

/**
 * The account index: every folder and file of each account in one SQLite file, filled by resumable background
 * crawls, kept fresh by folder revalidations and by the app's own changes, and read by windowed queries.
 * Main only reads (a read-only connection); every write goes to the writer thread (index-writer.ts).
 * Plain Node: the hosts (Electron, browser, CLI) give it clients and an event sink.
 *
 * Opening does nothing heavy on main: the writer thread readies the file (checks it, brings an older schema up to
 * date: seconds for a few hundred thousand files), and main opens its read-only connection once that is done.
 * Reads are queued behind it, not answered from the old shape: the old file lacks the columns the queries walk
 * (name_key), and an answer of "nothing" would be taken at its word (a duplicate check uploading a file again).
 * So every reader awaits opened() first (the app's handlers and ports do); a read asked before then is refused as
 * busy instead of answered wrong. Only status answers during an upgrade, with the state 'upgrading', which
 * index.progress also says to every window when the upgrade begins and ends. Writes (crawls, revalidations, the
 * app's changes) wait for the file the same way.
 */
export class IndexService {
  private current: OpenIndex | null = null
  private readonly opening: Promise<void>
  /** Set while the writer thread brings the file up to date. */
  private upgrading = false
  /** Settles when an upgrade begins: status answers from then on (answersStatus). */
  private readonly upgradeSaid: Promise<void>
  private sayUpgrade: () => void = () => undefined
  /** Why the file could not be opened, once it is known. */
  private failure: Error | null = null
  private readonly states = new Map<string, { state: IndexState; warning: string | null }>()
  private readonly crawls = new Map<string, Promise<void>>()
  private readonly revalidations = new Map<string, Promise<boolean>>()
  private readonly lastProgress = new Map<string, number>()
  private readonly announcements = new CrawlAnnouncements((accountId) => this.emitChanged(accountId, null))
  /** When each account's running (or last) crawl began, to tell its end in the account's row (statusOf). */
  private readonly crawlStarted = new Map<string, number>()
  private readonly stop = new AbortController()
  private timer: NodeJS.Timeout | null = null
  private readonly log: (line: string) => void
  /** Said once: the index file was unreadable and is being rebuilt. */
  private rebuiltNotice: string | null = null
  private readonly writer: IndexWriter

  private constructor(private readonly o: IndexServiceOptions) {
    this.log = o.log ?? logLine
    this.upgradeSaid = new Promise((resolve) => {
      this.sayUpgrade = resolve
    })
    this.writer = new IndexWriter({
      file: o.file,
      nativeBinding: o.nativeBinding,
      entry: o.writerEntry,
      upgrading: () => this.upgradeBegan(),
    })
    this.opening = this.writer.readied().then(
      (readied) => this.fileReady(readied),
      (error: unknown) => {
        this.failure = error instanceof Error ? error : new Error(String(error))
        this.upgrading = false
        this.log(`Filedock: the file index could not be opened: ${this.failure.message}`)
        throw this.failure
      },
    )
    // Told to whoever awaits opened(); not a failure of its own when nobody does yet.
    this.opening.catch(() => undefined)
    this.armSchedule()
  }

  /**
   * Opens the index: the writer thread readies the file (a damaged one set aside, an older one brought up to date)
   * while main goes on; main's read-only connection opens once that is done (opened()).
   */
  static open(o: IndexServiceOptions): IndexService {
    return new IndexService(o)
  }

  /** Settles once the index can be read (or could not be opened): every read waits for this first. */
  opened(): Promise<void> {
    return this.opening
  }

  /**
   * Settles once status() can answer: once the index is open, or as soon as an upgrade begins (status says so). A
   * status asked before the thread has looked at the file waits for whichever comes first.
   */
  answersStatus(): Promise<void> {
    return Promise.race([this.opening, this.upgradeSaid])
  }

  private upgradeBegan(): void {
    this.upgrading = true
    this.sayUpgrade()
    this.log('Filedock: the file index is being brought up to date for this version.')
    for (const { id } of this.o.accounts()) this.progress(id, true)
  }

  private fileReady(readied: ReadiedIndex): void {
    const db = openIndexReader(this.o.file, this.o.nativeBinding)
    if (this.stop.signal.aborted) {
      db.close()
      return
    }
    this.current = { db, reader: new IndexReader(db), rows: new AccountRows(db) }
    this.rebuiltNotice = readied.rebuilt
    if (readied.rebuilt !== null) this.log(`Filedock: ${warningOf(readied.rebuilt).warning}`)
    if (this.upgrading) {
      this.upgrading = false
      // Out of 'upgrading' in every window, with the counts the file has.
      for (const { id } of this.o.accounts()) this.progress(id, true)
    }
    if (this.o.autoCrawl !== false) this.crawlWhatIsDue()
  }

  /** Main's side of the open index; a read before opened() has settled is refused, see the class. */
  private get open_(): OpenIndex {
    if (this.current !== null) return this.current
    if (this.failure !== null) throw indexNotOpened(this.failure)
    // A caller that did not await opened(): a bug, said as such rather than answered from a file not ready.
    throw translatedError({ kind: 'internal' }, TEXT.notOpenYet)
  }

  private get rows(): AccountRows {
    return this.open_.rows
  }

  private get reader(): IndexReader {
    return this.open_.reader
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

  /** Starts crawls that are due: interrupted ones (resume), accounts never crawled, and stale ones. */
  crawlWhatIsDue(): void {
    // Asked again once the file is ready (fileReady).
    if (this.current === null) return
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
    await this.opening
    const retry = this.o.offlineRetryMs ?? { base: 2_000, max: 60_000 }
    let wait = retry.base
    this.announcements.begin(accountId)
    this.crawlStarted.set(accountId, Date.now())
    let closedInARow = 0
    for (;;) {
      if (this.stop.signal.aborted || !this.hasAccount(accountId)) return
      this.setState(accountId, 'crawling', null)
      try {
        const client = await this.o.clientFor(accountId)
        const outcome = await crawlAccount({
          accountId,
          client,
          accounts: this.rows,
          writer: this.writer,
          perPage: this.o.perPage ?? 500,
          concurrency: this.o.concurrency ?? 3,
          maxPasses: 3,
          signal: this.stop.signal,
          onProgress: () => {
            this.progress(accountId, false)
            this.announcements.written(accountId)
          },
        })
        const warning = outcome.complete ? null : outcome.warning
        if (outcome.complete) this.rebuiltNotice = null
        this.setState(accountId, 'ready', warning)
        // Everything is written: said once, with no later announcement of the last batches left to come.
        this.announcements.now(accountId)
        return
      } catch (error) {
        // Stopped, or the account was removed meanwhile (its client closed with it): nothing to say.
        if (this.stop.signal.aborted || !this.hasAccount(accountId)) return
        if (failedOnClosedClient(error)) {
          // The app closed the client under the crawl (its account changed; see ClientPool): not the host's
          // failure, so not a pause. The crawl goes on from where it was with the client the pool has now; only
          // a client closed again at once is followed by a short, quiet wait.
          if (closedInARow++ > 0) await delay(retry.base, this.stop.signal)
          continue
        }
        closedInARow = 0
        // A host that answers garbage is not waited for (it would loop): the crawl stops with the reason.
        if (isFiledockError(error) && isTransient(error) && error.kind !== 'malformed') {
          // The host is unreachable or overloaded: wait (the position is saved) and go on where the crawl was.
          this.setState(accountId, 'paused', indexWarning(INDEX_WARNINGS.waits, {}, error))
          const asked = error.retryAfterMs ?? 0
          await delay(Math.max(wait, asked), this.stop.signal)
          wait = Math.min(retry.max, wait * 2)
          continue
        }
        // A refusal, or the index itself failing (its writer thread): the crawl stops and says why.
        const reason = error instanceof Error ? error.message : String(error)
        if (!isFiledockError(error)) this.log(`Filedock: indexing ${accountId} stopped: ${reason}`)
        this.setState(accountId, 'error', indexWarning(INDEX_WARNINGS.stopped, {}, error))
        return
      }
    }
  }

  private hasAccount(accountId: string): boolean {
    return this.o.accounts().some((a) => a.id === accountId)
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
  }

  status(): IndexStatus[] {
    return this.o.accounts().map((a) => this.statusOf(a.id, a.label))
  }

  private statusOf(accountId: string, label: string): IndexStatus {
    if (this.current === null && this.upgrading)
      return {
        accountId,
        label,
        state: 'upgrading',
        filesIndexed: 0,
        filesTotal: null,
        foldersIndexed: 0,
        lastFullCrawl: null,
        warning: null,
      }
    const row = this.rows.get(accountId)
    const counts = this.rows.counts(row.acct)
    const live = this.states.get(accountId)
    // A crawl's end is committed by the writer thread a moment before main hears of it: from then on the row
    // says when the crawl finished, and the state says ready with it.
    const ended =
      live?.state === 'crawling' &&
      row.lastFullCrawl !== null &&
      Date.parse(row.lastFullCrawl) >= (this.crawlStarted.get(accountId) ?? Number.POSITIVE_INFINITY)
    const state: IndexState = ended
      ? 'ready'
      : (live?.state ??
        (row.lastFullCrawl !== null ? 'ready' : counts.files > 0 || row.crawling ? 'paused' : 'empty'))
    return {
      accountId,
      label,
      state,
      filesIndexed: counts.files,
      filesTotal: row.filesTotal,
      foldersIndexed: counts.folders,
      lastFullCrawl: row.lastFullCrawl,
      ...warningOf(live?.warning ?? row.warning ?? this.rebuiltNotice),
    }
  }

  /** Revalidates one folder against the host; concurrent asks for the same folder share one pass. */
  revalidate(accountId: string, fldId: number): Promise<boolean> {
    const key = `${accountId}\u0000${fldId}`
    const running = this.revalidations.get(key)
    if (running !== undefined) return running
    const task = this.revalidateOnce(accountId, fldId)
      .catch((error: unknown) => {
        // The app closed the client under the check (its account changed): checked again on the pool's new one.
        if (this.stop.signal.aborted || !failedOnClosedClient(error)) throw error
        return this.revalidateOnce(accountId, fldId)
      })
      .finally(() => this.revalidations.delete(key))
    this.revalidations.set(key, task)
    return task
  }

  private async revalidateOnce(accountId: string, fldId: number): Promise<boolean> {
    await this.opening
    const client = await this.o.clientFor(accountId)
    const acct = await this.writer.account(accountId)
    const row = this.rows.get(accountId)
    const changed = await revalidateFolder({
      client,
      writer: this.writer,
      acct,
      fldId,
      perPage: row.crawlPerPage ?? this.o.perPage ?? 500,
      signal: this.stop.signal,
      onFirstPage: () => this.emitChanged(accountId, [fldId]),
    })
    if (changed) this.emitChanged(accountId, [fldId])
    return changed
  }

  /**
   * Records a change the app made on the host (the host confirmed it), once the writer thread has committed it:
   * a window asked after this resolves shows it. A listing of the host that began before leaves its rows.
   */
  recordChange(accountId: string, change: AppChange): Promise<ChangeOutcome> {
    return this.writer.change(accountId, change)
  }

  /** The index's key of an account; one it has no rows for yet gets a key that matches nothing. */
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

  /** One file of an account, as a window shows it; null when the index does not have it. */
  file(accountId: string, fileCode: string): IndexFileRow | null {
    return this.reader.file(this.acct(accountId), fileCode)
  }

  /** The files directly in one folder (the upload engine's duplicate check). */
  filesIn(accountId: string, fldId: number): IndexFileRow[] {
    return this.reader.filesIn(this.acct(accountId), fldId)
  }

  /** Every file of a query, in its order, read lazily. */
  iterateFiles(q: ResolvedQuery): Generator<IndexFileRow> {
    return this.reader.iterateFiles(q)
  }

  /** Every file of a query, in its order, with only what fetching it needs (a download's plan). */
  iterateFileBasics(q: ResolvedQuery): Generator<FileBasics> {
    return this.reader.iterateFileBasics(q)
  }

  /** The files of a selection, in its order, with the ones the index no longer has as missing (selection.ts). */
  selectedFiles(sel: Selection, ctx: ScopeContext): Generator<IndexFileRow | MissingFile> {
    return selectedFiles(sel, this.reader, ctx)
  }

  /** The same files with only what fetching them needs (a download's plan). */
  selectedFileBasics(sel: Selection, ctx: ScopeContext): Generator<FileBasics | MissingFile> {
    return selectedFileBasics(sel, this.reader, ctx)
  }

  /** The page links of a selection, in its order. */
  selectedLinks(sel: Selection, ctx: ScopeContext): string[] {
    return selectedLinks(sel, this.reader, ctx)
  }

  /** Count and bytes of a selection. */
  summarize(sel: Selection, ctx: ScopeContext): SelectionSummary {
    return summarize(sel, this.reader, ctx)
  }

  /** When a folder was last revalidated (ms), null if never. */
  folderCheckedAt(accountId: string, fldId: number): number | null {
    return this.rows.checkedAt(this.acct(accountId), fldId)
  }

  emitChanged(accountId: string, fldIds: number[] | null): void {
    this.o.emit({ type: 'index.changed', accountId, fldIds })
  }

  emitMoveProgress(moveId: string, accountId: string, fldId: number, progress: MoveProgress): void {
    this.o.emit({ type: 'index.moveProgress', moveId, accountId, fldId, ...progress })
  }

  /** Forgets a removed account (its rows go once the writer thread gets to it). */
  async forget(accountId: string): Promise<void> {
    await this.opening
    this.rows.forget(accountId)
    this.states.delete(accountId)
    await this.writer.forget(accountId)
  }

  async close(): Promise<void> {
    this.stop.abort()
    if (this.timer) clearInterval(this.timer)
    this.announcements.dispose()
    await Promise.allSettled([...this.crawls.values(), ...this.revalidations.values()])
    // Main's connection first: the writer's, closing last, checkpoints the WAL into the file and removes it. A
    // close during an upgrade waits for it (one transaction; cut short, it would be redone at the next start).
    await this.opening.catch(() => undefined)
    this.current?.db.close()
    this.current = null
    await this.writer.close()
  }
}

/** The index file could not be opened (damaged, a disk refusing it): the error every read answers then. */
export function indexNotOpened(cause: unknown): FiledockError {
  const detail = cause instanceof Error ? cause.message : String(cause)
  return translatedError({ kind: 'internal' }, TEXT.notOpened, { detail })
}

const TEXT = defineMessages({
  notOpened: { id: 'errors.index.notOpened', defaultMessage: 'The file index could not be opened: {detail}' },
  notOpenYet: {
    id: 'errors.index.notOpenYet',
    defaultMessage: 'The file index was read before it was open; it answers in a moment.',
  },
})
