import type Database from 'better-sqlite3'
import type { Folder } from '../../shared/api/types.ts'
import type { FilesJson } from './files-json.ts'
import { childFolderIds, childPath, ROOT_PATH } from './folder-paths.ts'
import { inWriteTransaction } from './open-index-db.ts'

/** The files and subfolders directly in one folder, by code and id. */
export interface FolderSnapshot {
  codes: Set<string>
  folders: Set<number>
}

/**
 * Writes what a listing of the host found (a crawl's page of files or its listing of a folder's subfolders, a
 * folder revalidation), on the writer thread. A listing is older than anything the app wrote after the listing
 * began: `mark` is the last app write's number when it began (before the host was asked), and every statement
 * here leaves a row whose `app_seq` is above it (the app renamed, moved or made it meanwhile) as the app wrote it,
 * and does not put back a file the app removed meanwhile (`removed_files`). Such a row still counts as seen by
 * the listing (its generation moves on), so a crawl pass's count adds up and its clean-up does not drop it.
 *
 * Rows carry the generation they were last seen in (see crawl.ts: a complete crawl drops rows of older
 * generations); a generation only ever grows, so a slow revalidation that read the host before a crawl pass
 * began cannot stamp a row back into a generation the pass is about to drop.
 */
export class ListingWrites {
  private readonly seeFiles: Database.Statement
  private readonly upsertFiles: Database.Statement
  private readonly codesOf: Database.Statement<[FilesJson], string>
  private readonly seeFolder: Database.Statement
  private readonly upsertFolder: Database.Statement
  private readonly folderPath: Database.Statement<[number, number], { path: string }>
  private readonly generation: Database.Statement<[number], { generation: number }>
  private readonly dropFile: Database.Statement
  private readonly checked: Database.Statement

  constructor(private readonly db: Database.Database) {
    // Every listed row counts as seen, whoever wrote it last.
    this.seeFiles = db.prepare(`UPDATE files SET gen = max(gen, @gen)
      WHERE acct = @acct AND code IN (SELECT value ->> 'fileCode' FROM json_each(@files))`)
    // One statement for the whole page: SQLite journals each page of the table and its indexes once per
    // statement (per row, it copied ~10 pages a row: 4 GB for 100,000 rows), and the trigram table flushes its
    // terms once per statement. Unchanged rows are left alone (only their generation moved, above): a re-crawl
    // touches no index. (BINARY: a rename that only changes case is a change.)
    this.upsertFiles = db.prepare(`
      INSERT INTO files (acct, code, name, size, uploaded, uploaded_key, downloads, fld_id, link, thumbnail, public, gen)
      SELECT @acct, f.value ->> 'fileCode', f.value ->> 'name', f.value ->> 'size', f.value ->> 'uploaded',
        uploaded_key(f.value ->> 'uploaded'), f.value ->> 'downloads', f.value ->> 'fldId', f.value ->> 'link',
        f.value ->> 'thumbnail', f.value ->> 'public', @gen
      FROM json_each(@files) f
      WHERE NOT EXISTS (SELECT 1 FROM removed_files r
        WHERE r.acct = @acct AND r.code = f.value ->> 'fileCode' AND r.app_seq > @mark)
      ON CONFLICT (acct, code) DO UPDATE SET name = excluded.name, size = excluded.size,
        uploaded = excluded.uploaded, uploaded_key = excluded.uploaded_key, downloads = excluded.downloads,
        fld_id = excluded.fld_id, link = excluded.link, thumbnail = excluded.thumbnail, public = excluded.public,
        gen = max(files.gen, excluded.gen)
      WHERE files.app_seq <= @mark AND (files.name IS NOT excluded.name COLLATE BINARY
        OR files.size IS NOT excluded.size OR files.uploaded IS NOT excluded.uploaded
        OR files.downloads IS NOT excluded.downloads OR files.fld_id IS NOT excluded.fld_id
        OR files.link IS NOT excluded.link OR files.thumbnail IS NOT excluded.thumbnail
        OR files.public IS NOT excluded.public)`)
    this.codesOf = db.prepare<[FilesJson], string>("SELECT value ->> 'fileCode' FROM json_each(?)").pluck()
    this.seeFolder = db.prepare(`UPDATE folders SET gen = max(gen, @gen), listed = min(listed, @listed)
      WHERE acct = @acct AND fld_id = @fldId AND app_seq > @mark`)
    this.upsertFolder = db.prepare(`
      INSERT INTO folders (acct, fld_id, parent_id, name, path, gen, listed)
      VALUES (@acct, @fldId, @parentId, @name, @path, @gen, @listed)
      ON CONFLICT (acct, fld_id) DO UPDATE SET parent_id = excluded.parent_id, name = excluded.name,
        path = excluded.path, gen = max(folders.gen, excluded.gen), listed = min(folders.listed, excluded.listed)
      WHERE folders.app_seq <= @mark`)
    this.folderPath = db.prepare('SELECT path FROM folders WHERE acct = ? AND fld_id = ?')
    this.generation = db.prepare('SELECT generation FROM accounts WHERE acct = ?')
    this.dropFile = db.prepare(
      'DELETE FROM files WHERE acct = ? AND code = ? AND fld_id = ? AND app_seq <= ?',
    )
    this.checked = db.prepare(
      'INSERT OR REPLACE INTO folder_checks (acct, fld_id, checked_at) VALUES (?, ?, ?)',
    )
  }

  /**
   * Listed file records; a code seen again (in another page, another pass) updates its one row. Returns how many
   * rows were added or changed (rows only seen again do not count).
   */
  putFiles(acct: number, gen: number, mark: number, files: FilesJson): number {
    return inWriteTransaction(this.db, () => {
      this.seeFiles.run({ acct, gen, files })
      return this.upsertFiles.run({ acct, gen, mark, files }).changes
    })
  }

  /** Listed files, in the account's generation as it is once the write lock is held. */
  putFilesNow(acct: number, mark: number, files: FilesJson): number {
    return inWriteTransaction(this.db, () => this.putFiles(acct, this.generationOf(acct), mark, files))
  }

  /**
   * Records the subfolders of `parentId` as listed now. `listed` 0 marks them still to be listed by the crawl (its
   * resumable folder walk); a revalidation passes 1 and leaves a pending walk's marks alone.
   */
  putFolders(
    acct: number,
    gen: number,
    mark: number,
    parentId: number,
    folders: readonly Folder[],
    listed: 0 | 1,
  ): void {
    const parentPath = this.folderPath.get(acct, parentId)?.path ?? ROOT_PATH
    inWriteTransaction(this.db, () => {
      for (const f of folders) {
        const path = childPath(parentPath, f.name)
        this.seeFolder.run({ acct, gen, fldId: f.fldId, listed, mark })
        this.upsertFolder.run({ acct, gen, fldId: f.fldId, parentId, name: f.name, path, listed, mark })
      }
    })
  }

  /** What the index has directly in a folder: taken before the host is asked, see replaceFolder. */
  contentsOf(acct: number, fldId: number): FolderSnapshot {
    const codes = this.db
      .prepare<[number, number], string>('SELECT code FROM files WHERE acct = ? AND fld_id = ?')
      .pluck()
      .all(acct, fldId)
    return { codes: new Set(codes), folders: new Set(childFolderIds(this.db, acct, fldId)) }
  }

  /**
   * A folder as the host has it now: its subfolders and files replace what the index had directly in it
   * (changed rows update in place, vanished ones go, new ones appear). Only rows that were there before the host
   * was asked (`before`) can vanish: a row written meanwhile by another listing is newer than this one's answer.
   * Rows get the account's generation as it is once the write lock is held (a crawl pass may have begun while
   * the host was asked). Returns whether anything differed.
   */
  replaceFolder(
    acct: number,
    fldId: number,
    mark: number,
    folders: readonly Folder[],
    pages: readonly FilesJson[],
    before: FolderSnapshot,
  ): boolean {
    return inWriteTransaction(this.db, () => {
      const gen = this.generationOf(acct)
      const print = this.fingerprint(acct, fldId)
      this.putFolders(acct, gen, mark, fldId, folders, 1)
      const listedFolders = new Set(folders.map((f) => f.fldId))
      for (const id of before.folders) if (!listedFolders.has(id)) this.removeFolderTree(acct, id, mark)
      const listedCodes = new Set<string>()
      for (const page of pages) {
        this.putFiles(acct, gen, mark, page)
        for (const code of this.codesOf.iterate(page)) listedCodes.add(code)
      }
      // Only rows still in this folder: one moved elsewhere meanwhile is not this folder's to drop.
      for (const code of before.codes) if (!listedCodes.has(code)) this.dropFile.run(acct, code, fldId, mark)
      this.checked.run(acct, fldId, Date.now())
      return print !== this.fingerprint(acct, fldId)
    })
  }

  private generationOf(acct: number): number {
    return this.generation.get(acct)?.generation ?? 0
  }

  /** A cheap summary of a folder's direct contents, to tell whether a revalidation changed anything. */
  private fingerprint(acct: number, fldId: number): string {
    const files = this.db
      .prepare(
        `SELECT count(*) AS n, total(size) AS s, group_concat(code || ':' || name || ':' || downloads, '|') AS h
         FROM (SELECT code, name, size, downloads FROM files WHERE acct = ? AND fld_id = ? ORDER BY code)`,
      )
      .get(acct, fldId) as { n: number; s: number; h: string | null }
    const folders = this.db
      .prepare(
        `SELECT group_concat(fld_id || ':' || name, '|') AS h FROM folders WHERE acct = ? AND parent_id = ? AND fld_id != 0`,
      )
      .get(acct, fldId) as { h: string | null }
    return `${files.n}/${files.s}/${files.h ?? ''}/${folders.h ?? ''}`
  }

  /** A folder gone from the host, with everything under it; one the app wrote after `mark` stays. */
  private removeFolderTree(acct: number, fldId: number, mark: number): void {
    const removed = this.db
      .prepare('DELETE FROM folders WHERE acct = ? AND fld_id = ? AND app_seq <= ?')
      .run(acct, fldId, mark).changes
    if (removed === 0) return
    for (const c of childFolderIds(this.db, acct, fldId)) this.removeFolderTree(acct, c, mark)
    this.db.prepare('DELETE FROM files WHERE acct = ? AND fld_id = ? AND app_seq <= ?').run(acct, fldId, mark)
  }
}
