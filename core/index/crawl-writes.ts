import type Database from 'better-sqlite3'
import type { Folder } from '../../shared/api/types.ts'
import type { AccountPatch, AccountWrites } from './account-writes.ts'
import type { FilesJson } from './files-json.ts'
import type { ListingWrites } from './listing-writes.ts'
import { inWriteTransaction } from './open-index-db.ts'

/** One page of the host's file list, with the last app write's number when it was asked for. */
export interface ListedPage {
  page: number
  mark: number
  files: FilesJson
}

/**
 * A crawl's writes, on the writer thread: its passes, its folder walk and its pages, each with its bookkeeping in
 * the same transaction (a page and its "done" mark, a folder's subfolders and its "listed" mark), so a crawl cut
 * by a kill resumes exactly where its last write left it.
 */
export class CrawlWrites {
  private readonly pageDone: Database.Statement<[number, number]>
  private readonly folderDone: Database.Statement<[number, number]>

  constructor(
    private readonly db: Database.Database,
    private readonly listings: ListingWrites,
    private readonly accounts: AccountWrites,
  ) {
    this.pageDone = db.prepare('INSERT OR IGNORE INTO crawl_pages (acct, page) VALUES (?, ?)')
    this.folderDone = db.prepare('UPDATE folders SET listed = 1 WHERE acct = ? AND fld_id = ?')
  }

  /** Starts pass `pass` of a crawl in generation `gen`. */
  startPass(acct: number, gen: number, pass: number): void {
    inWriteTransaction(this.db, () => {
      this.clearPages(acct)
      // A re-check pass lists files again, not folders: the folders found by this crawl move on with it.
      if (pass > 0)
        this.db.prepare('UPDATE folders SET gen = ? WHERE acct = ? AND gen >= ?').run(gen, acct, gen - 1)
      this.accounts.update(acct, { generation: gen, crawling: true, crawlPass: pass, crawlPerPage: null })
      // The root folder row, so every account has one folder to hang the others' paths on; 0: to be listed.
      if (pass === 0)
        this.db
          .prepare(
            `INSERT INTO folders (acct, fld_id, parent_id, name, path, gen, listed) VALUES (?, 0, 0, '', '', ?, 0)
             ON CONFLICT (acct, fld_id) DO UPDATE SET gen = excluded.gen, listed = excluded.listed`,
          )
          .run(acct, gen)
    })
  }

  /** The walk listed a folder's subfolders: they are still to be listed themselves, the folder is done. */
  folderListed(acct: number, gen: number, mark: number, fldId: number, folders: readonly Folder[]): void {
    inWriteTransaction(this.db, () => {
      this.listings.putFolders(acct, gen, mark, fldId, folders, 0)
      this.folderDone.run(acct, fldId)
    })
  }

  /** Pages of the file list, each with its "done" mark, in one transaction; `patch` goes with them. */
  pages(acct: number, gen: number, pages: readonly ListedPage[], patch: AccountPatch | null): void {
    inWriteTransaction(this.db, () => {
      for (const p of pages) {
        this.listings.putFiles(acct, gen, p.mark, p.files)
        this.pageDone.run(acct, p.page)
      }
      if (patch !== null) this.accounts.update(acct, patch)
    })
  }

  /**
   * The end of a crawl: its pages are forgotten, the account patched, and for a complete one the rows not seen in
   * generation `dropBelow` (gone from the host) dropped.
   */
  end(acct: number, patch: AccountPatch, dropBelow: number | null): void {
    inWriteTransaction(this.db, () => {
      if (dropBelow !== null) {
        this.db.prepare('DELETE FROM files WHERE acct = ? AND gen < ?').run(acct, dropBelow)
        this.db.prepare('DELETE FROM folders WHERE acct = ? AND gen < ? AND fld_id != 0').run(acct, dropBelow)
      }
      this.accounts.update(acct, patch)
      this.clearPages(acct)
    })
  }

  private clearPages(acct: number): void {
    this.db.prepare('DELETE FROM crawl_pages WHERE acct = ?').run(acct)
  }
}
