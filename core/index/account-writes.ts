import type Database from 'better-sqlite3'
import type { AccountRow } from './account-rows.ts'
import { inWriteTransaction } from './open-index-db.ts'

/** The crawl bookkeeping of an account row that writes may change. */
export type AccountPatch = Partial<
  Pick<
    AccountRow,
    'generation' | 'crawlPerPage' | 'crawlPass' | 'filesTotal' | 'lastFullCrawl' | 'warning'
  > & {
    crawling: boolean
  }
>

const COLUMNS: Record<keyof AccountPatch, string> = {
  generation: 'generation',
  crawling: 'crawling',
  crawlPerPage: 'crawl_per_page',
  crawlPass: 'crawl_pass',
  filesTotal: 'files_total',
  lastFullCrawl: 'last_full_crawl',
  warning: 'warning',
}

/** Writes to the accounts table, on the writer thread: account keys are made here, and only here. */
export class AccountWrites {
  private readonly insert: Database.Statement<[string]>
  private readonly select: Database.Statement<[string], number>

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare('INSERT OR IGNORE INTO accounts (account_id) VALUES (?)')
    this.select = db.prepare<[string], number>('SELECT acct FROM accounts WHERE account_id = ?').pluck()
  }

  /** The account's key, creating its row on first use. */
  key(accountId: string): number {
    const known = this.select.get(accountId)
    if (known !== undefined) return known
    this.insert.run(accountId)
    const made = this.select.get(accountId)
    if (made === undefined) throw new Error(`index: no row for account ${accountId}`)
    return made
  }

  update(acct: number, patch: AccountPatch): void {
    const sets: string[] = []
    const values: Array<string | number | null> = []
    for (const [field, value] of Object.entries(patch)) {
      const column = COLUMNS[field as keyof AccountPatch]
      if (column === undefined || value === undefined) continue
      sets.push(`${column} = ?`)
      values.push(typeof value === 'boolean' ? Number(value) : value)
    }
    if (sets.length === 0) return
    this.db.prepare(`UPDATE accounts SET ${sets.join(', ')} WHERE acct = ?`).run(...values, acct)
  }

  /** Forgets an account entirely (it was removed from the app). */
  remove(accountId: string): void {
    const acct = this.select.get(accountId)
    if (acct === undefined) return
    inWriteTransaction(this.db, () => {
      for (const table of ['files', 'folders', 'folder_checks', 'crawl_pages', 'removed_files', 'accounts'])
        this.db.prepare(`DELETE FROM ${table} WHERE acct = ?`).run(acct)
    })
  }
}
