import type Database from 'better-sqlite3'
import { inWriteTransaction } from './open-index-db.ts'

/** The file/list pages a running crawl has stored, so a restart skips them. */
export class CrawlPages {
  constructor(private readonly db: Database.Database) {}

  done(acct: number): Set<number> {
    return new Set(
      this.db
        .prepare<[number], { page: number }>('SELECT page FROM crawl_pages WHERE acct = ?')
        .all(acct)
        .map((r) => r.page),
    )
  }

  markDone(acct: number, page: number): void {
    this.db.prepare('INSERT OR IGNORE INTO crawl_pages (acct, page) VALUES (?, ?)').run(acct, page)
  }

  /** Stores a page's rows and marks the page done in one transaction: a kill between the two cannot happen. */
  putPage(acct: number, page: number, write: () => void): void {
    inWriteTransaction(this.db, () => {
      write()
      this.markDone(acct, page)
    })
  }

  clear(acct: number): void {
    this.db.prepare('DELETE FROM crawl_pages WHERE acct = ?').run(acct)
  }
}
