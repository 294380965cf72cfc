import type Database from 'better-sqlite3'
import { inWriteTransaction } from './open-index-db.ts'

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

/** The accounts table: account ids mapped to small integer keys, plus each account's crawl bookkeeping. */
export class AccountRows {
  private readonly byId = new Map<string, number>()
  private readonly select: Database.Statement<[string], RawAccount>
  private readonly insert: Database.Statement<[string]>

  constructor(private readonly db: Database.Database) {
    this.select = db.prepare('SELECT * FROM accounts WHERE account_id = ?')
    this.insert = db.prepare('INSERT OR IGNORE INTO accounts (account_id) VALUES (?)')
  }

  /** The account's key, creating its row on first use. */
  key(accountId: string): number {
    const known = this.byId.get(accountId)
    if (known !== undefined) return known
    this.insert.run(accountId)
    const row = this.select.get(accountId)
    if (row === undefined) throw new Error(`index: no row for account ${accountId}`)
    this.byId.set(accountId, row.acct)
    return row.acct
  }

  /** The key of an account the index has seen, or null (nothing indexed for it). */
  knownKey(accountId: string): number | null {
    return this.byId.get(accountId) ?? this.select.get(accountId)?.acct ?? null
  }

  get(accountId: string): AccountRow {
    this.key(accountId)
    const r = this.select.get(accountId) as RawAccount
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

  /** Every account id the index holds rows for. */
  ids(): string[] {
    return this.db
      .prepare<[], { account_id: string }>('SELECT account_id FROM accounts ORDER BY acct')
      .all()
      .map((r) => r.account_id)
  }

  update(
    accountId: string,
    patch: Partial<
      Pick<
        AccountRow,
        'generation' | 'crawlPerPage' | 'crawlPass' | 'filesTotal' | 'lastFullCrawl' | 'warning'
      > & {
        crawling: boolean
      }
    >,
  ): void {
    const columns: Record<string, string> = {
      generation: 'generation',
      crawling: 'crawling',
      crawlPerPage: 'crawl_per_page',
      crawlPass: 'crawl_pass',
      filesTotal: 'files_total',
      lastFullCrawl: 'last_full_crawl',
      warning: 'warning',
    }
    const sets: string[] = []
    const values: Array<string | number | null> = []
    for (const [field, value] of Object.entries(patch)) {
      const column = columns[field]
      if (column === undefined) continue
      sets.push(`${column} = ?`)
      values.push(typeof value === 'boolean' ? Number(value) : (value as string | number | null))
    }
    if (sets.length === 0) return
    this.db
      .prepare(`UPDATE accounts SET ${sets.join(', ')} WHERE acct = ?`)
      .run(...values, this.key(accountId))
  }

  /** Forgets an account entirely (it was removed from the app). */
  remove(accountId: string): void {
    const acct = this.knownKey(accountId)
    if (acct === null) return
    inWriteTransaction(this.db, () => {
      for (const table of ['files', 'folders', 'folder_checks', 'crawl_pages', 'accounts']) {
        this.db.prepare(`DELETE FROM ${table} WHERE acct = ?`).run(acct)
      }
    })
    this.byId.delete(accountId)
  }
}
