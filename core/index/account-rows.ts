import type Database from 'better-sqlite3'

/** One account's row in the index: its key, generation and crawl position. */
export interface AccountRow {
  acct: number
  accountId: string
  generation: number
  crawling: boolean
  crawlPerPage: number | null
  crawlPass: number
  filesTotal: number | null
  lastFullCrawl: string | null
  warning: string | null
}

interface RawAccount {
  acct: number
  account_id: string
  generation: number
  crawling: number
  crawl_per_page: number | null
  crawl_pass: number
  files_total: number | null
  last_full_crawl: string | null
  warning: string | null
}

/**
 * A key no account has: what a query of an account the index has no row for yet uses (it matches no rows). Keys
 * are made by the writer thread (account-writes.ts), the first time it writes for the account.
 */
export const NO_ACCOUNT = -1

/**
 * What main reads of each account's bookkeeping, on its read-only connection: the accounts table (keys,
 * generation, crawl position), the counts the status shows, and where a crawl or a folder check stands.
 */
export class AccountRows {
  private readonly byId = new Map<string, number>()
  private readonly select: Database.Statement<[string], RawAccount>
  private readonly fileCount: Database.Statement<[number], number>
  private readonly folderCount: Database.Statement<[number], number>

  constructor(private readonly db: Database.Database) {
    this.select = db.prepare('SELECT * FROM accounts WHERE account_id = ?')
    this.fileCount = db.prepare<[number], number>('SELECT count(*) FROM files WHERE acct = ?').pluck()
    this.folderCount = db
      .prepare<[number], number>('SELECT count(*) FROM folders WHERE acct = ? AND fld_id != 0')
      .pluck()
  }

  /** The key of an account the index has a row for, or NO_ACCOUNT (nothing written for it yet). */
  key(accountId: string): number {
    const known = this.byId.get(accountId)
    if (known !== undefined) return known
    const acct = this.select.get(accountId)?.acct
    if (acct === undefined) return NO_ACCOUNT
    this.byId.set(accountId, acct)
    return acct
  }

  /** The account's row; one the index has no row for yet reads as never crawled. */
  get(accountId: string): AccountRow {
    const r = this.select.get(accountId)
    if (r === undefined)
      return {
        acct: NO_ACCOUNT,
        accountId,
        generation: 0,
        crawling: false,
        crawlPerPage: null,
        crawlPass: 0,
        filesTotal: null,
        lastFullCrawl: null,
        warning: null,
      }
    return {
      acct: r.acct,
      accountId: r.account_id,
      generation: r.generation,
      crawling: r.crawling === 1,
      crawlPerPage: r.crawl_per_page,
      crawlPass: r.crawl_pass,
      filesTotal: r.files_total,
      lastFullCrawl: r.last_full_crawl,
      warning: r.warning,
    }
  }

  /** An account removed from the app: its key is asked of the database again. */
  forget(accountId: string): void {
    this.byId.delete(accountId)
  }

  counts(acct: number): { files: number; folders: number } {
    return { files: this.fileCount.get(acct) ?? 0, folders: this.folderCount.get(acct) ?? 0 }
  }

  /** Folders the running crawl has found but not listed yet (where a resumed walk goes on). */
  unlistedFolders(acct: number): number[] {
    return this.db
      .prepare<[number], number>('SELECT fld_id FROM folders WHERE acct = ? AND listed = 0')
      .pluck()
      .all(acct)
  }

  /** The file/list pages the running crawl has stored, so a restart skips them. */
  pagesDone(acct: number): Set<number> {
    return new Set(
      this.db.prepare<[number], number>('SELECT page FROM crawl_pages WHERE acct = ?').pluck().all(acct),
    )
  }

  /** Files seen in generation `gen` or later: what a crawl pass saw. */
  countGeneration(acct: number, gen: number): number {
    return this.db
      .prepare<[number, number], number>('SELECT count(*) FROM files WHERE acct = ? AND gen >= ?')
      .pluck()
      .get(acct, gen) as number
  }

  /** When a folder was last revalidated (ms), or null if never. */
  checkedAt(acct: number, fldId: number): number | null {
    return (
      this.db
        .prepare<[number, number], number>(
          'SELECT checked_at FROM folder_checks WHERE acct = ? AND fld_id = ?',
        )
        .pluck()
        .get(acct, fldId) ?? null
    )
  }
}
