import type Database from 'better-sqlite3'
import type { Folder } from '../../shared/api/types.ts'
import { type AccountPatch, AccountWrites } from './account-writes.ts'
import { type AppChange, type ChangeOutcome, ChangeWrites } from './change-writes.ts'
import { CrawlWrites, type ListedPage } from './crawl-writes.ts'
import type { FilesJson } from './files-json.ts'
import { type FolderSnapshot, ListingWrites } from './listing-writes.ts'

/**
 * Every write to the index, as a message to the writer thread. The thread runs them one at a time in the order
 * they were posted, each in its own transaction: that order is what makes an app write and a listing's write
 * (whichever reaches the thread first) come out right, with the app write's number deciding which row stays.
 */
export type WriterJob =
  | { type: 'account'; accountId: string }
  | { type: 'forget'; accountId: string }
  | { type: 'change'; accountId: string; seq: number; change: AppChange }
  | { type: 'startPass'; acct: number; gen: number; pass: number }
  | { type: 'folderListed'; acct: number; gen: number; mark: number; fldId: number; folders: Folder[] }
  | { type: 'pages'; acct: number; gen: number; pages: ListedPage[]; patch: AccountPatch | null }
  | { type: 'endCrawl'; acct: number; patch: AccountPatch; dropBelow: number | null }
  | { type: 'listedFiles'; acct: number; mark: number; files: FilesJson }
  | { type: 'beginReplace'; replace: number; acct: number; fldId: number; mark: number }
  | { type: 'replaceFiles'; replace: number; files: FilesJson }
  | { type: 'commitReplace'; replace: number; folders: Folder[] }
  | { type: 'abortReplace'; replace: number }

/** What each job answers. */
export interface WriterAnswers {
  account: number
  forget: null
  change: ChangeOutcome
  startPass: null
  folderListed: null
  pages: null
  endCrawl: null
  /** Rows added or changed. */
  listedFiles: number
  beginReplace: null
  replaceFiles: null
  /** Whether the folder differs from before. */
  commitReplace: boolean
  abortReplace: null
}

/** A folder replacement under way: what the folder held when it began, and the pages listed since. */
interface Replacement {
  acct: number
  fldId: number
  mark: number
  before: FolderSnapshot
  pages: FilesJson[]
}

/** The writer thread's side of the jobs, on its one connection (kept apart from the thread for its tests). */
export class WriterJobs {
  private readonly accounts: AccountWrites
  private readonly listings: ListingWrites
  private readonly crawls: CrawlWrites
  private readonly changes: ChangeWrites
  private readonly replacements = new Map<number, Replacement>()

  constructor(db: Database.Database) {
    this.accounts = new AccountWrites(db)
    this.listings = new ListingWrites(db)
    this.crawls = new CrawlWrites(db, this.listings, this.accounts)
    this.changes = new ChangeWrites(db)
  }

  run(job: WriterJob): WriterAnswers[WriterJob['type']] {
    switch (job.type) {
      case 'account':
        return this.accounts.key(job.accountId)
      case 'forget':
        this.accounts.remove(job.accountId)
        return null
      case 'change':
        return this.changes.apply(this.accounts.key(job.accountId), job.seq, job.change)
      case 'startPass':
        this.crawls.startPass(job.acct, job.gen, job.pass)
        return null
      case 'folderListed':
        this.crawls.folderListed(job.acct, job.gen, job.mark, job.fldId, job.folders)
        return null
      case 'pages':
        this.crawls.pages(job.acct, job.gen, job.pages, job.patch)
        return null
      case 'endCrawl':
        this.crawls.end(job.acct, job.patch, job.dropBelow)
        return null
      case 'listedFiles':
        return this.listings.putFilesNow(job.acct, job.mark, job.files)
      case 'beginReplace':
        this.replacements.set(job.replace, {
          acct: job.acct,
          fldId: job.fldId,
          mark: job.mark,
          before: this.listings.contentsOf(job.acct, job.fldId),
          pages: [],
        })
        return null
      case 'replaceFiles':
        this.replacements.get(job.replace)?.pages.push(job.files)
        return null
      case 'commitReplace': {
        const r = this.replacements.get(job.replace)
        this.replacements.delete(job.replace)
        if (r === undefined) throw new Error(`no folder replacement ${job.replace}`)
        return this.listings.replaceFolder(r.acct, r.fldId, r.mark, job.folders, r.pages, r.before)
      }
      case 'abortReplace':
        this.replacements.delete(job.replace)
        return null
    }
  }

  /** A job that failed leaves no replacement behind. */
  failed(job: WriterJob): void {
    if ('replace' in job) this.replacements.delete(job.replace)
  }
}
