import type Database from 'better-sqlite3'
import type { FileListItem, Folder } from '../../shared/api/types.ts'
import { inWriteTransaction } from './open-index-db.ts'
import type { AppWritten } from './recent-app-writes.ts'
import { uploadedKey } from './uploaded-key.ts'

const NONE: ReadonlySet<never> = new Set()

/** The files and subfolders directly in one folder, by code and id. */
export interface FolderSnapshot {
  codes: Set<string>
  folders: Set<number>
}

/** A file as the index stores it: every field of a file/list record. */
export type IndexedFile = FileListItem

const ROOT_PATH = ''

/**
 * Every write to the files and folders tables. Each method is one transaction, so a reader (another window, a
 * query between two crawl pages) sees a page or a folder either before or after, never half-written. Rows carry
 * the generation they were last seen in (see crawl.ts: a complete crawl drops rows of older generations); a
 * generation only ever grows, so a slow revalidation that read the host before a crawl pass began cannot stamp a
 * row back into a generation the pass is about to drop.

 */
export class IndexWrites {
  private readonly upsertFile: Database.Statement
  private readonly touchFile: Database.Statement
  private readonly seeFile: Database.Statement<[number, number, string]>
  private readonly upsertFolder: Database.Statement
  private readonly seeFolder: Database.Statement<[number, number, number, number]>
  private readonly folderPath: Database.Statement<[number, number], { path: string }>
  private readonly generation: Database.Statement<[number], { generation: number }>

  constructor(private readonly db: Database.Database) {
    this.upsertFile = db.prepare(`
      INSERT INTO files (acct, code, name, size, uploaded, uploaded_key, downloads, fld_id, link, thumbnail, public, gen)
      VALUES (@acct, @code, @name, @size, @uploaded, @uploadedKey, @downloads, @fldId, @link, @thumbnail, @public, @gen)
      ON CONFLICT (acct, code) DO UPDATE SET name = excluded.name, size = excluded.size,
        uploaded = excluded.uploaded, uploaded_key = excluded.uploaded_key, downloads = excluded.downloads, fld_id = excluded.fld_id,
        link = excluded.link, thumbnail = excluded.thumbnail, public = excluded.public,
        gen = MAX(files.gen, excluded.gen)`)
    // A re-crawl finds most rows unchanged: then only their generation moves on, no index but the primary key
    // is touched. (BINARY: a rename that only changes case is a change.)
    this.touchFile = db.prepare(`
      UPDATE files SET gen = MAX(gen, @gen) WHERE acct = @acct AND code = @code AND name = @name COLLATE BINARY
        AND size = @size AND uploaded = @uploaded AND downloads = @downloads AND fld_id = @fldId AND link = @link
        AND thumbnail IS @thumbnail AND public = @public`)
    this.upsertFolder = db.prepare(`
      INSERT INTO folders (acct, fld_id, parent_id, name, path, gen, listed)
      VALUES (@acct, @fldId, @parentId, @name, @path, @gen, @listed)
      ON CONFLICT (acct, fld_id) DO UPDATE SET parent_id = excluded.parent_id, name = excluded.name,
        path = excluded.path, gen = MAX(folders.gen, excluded.gen), listed = MIN(folders.listed, excluded.listed)`)
    this.seeFile = db.prepare('UPDATE files SET gen = MAX(gen, ?) WHERE acct = ? AND code = ?')
    this.seeFolder = db.prepare(
      'UPDATE folders SET gen = MAX(gen, ?), listed = MIN(listed, ?) WHERE acct = ? AND fld_id = ?',
    )
    this.folderPath = db.prepare('SELECT path FROM folders WHERE acct = ? AND fld_id = ?')
    this.generation = db.prepare('SELECT generation FROM accounts WHERE acct = ?')
  }

  /**
   * Writes file records; a code seen again (in another page, another pass) updates its one row. A row in `appWrote`
   * (the app changed it after these records were asked for, see RecentAppWrites) keeps what the app wrote and only
   * counts as seen in `gen`, so a crawl pass does not drop it.
   */
  putFiles(
    acct: number,
    gen: number,
    files: readonly IndexedFile[],
    appWrote: ReadonlySet<string> = NONE,
  ): void {
    inWriteTransaction(this.db, () => {
      for (const f of files)
        if (appWrote.has(f.fileCode)) this.seeFile.run(gen, acct, f.fileCode)
        else this.putOne(acct, gen, f)
    })
  }

  private putOne(acct: number, gen: number, f: IndexedFile): void {
    const row = {
      acct,
      gen,
      code: f.fileCode,
      name: f.name,
      size: f.size,
      uploaded: f.uploaded,
      downloads: f.downloads,
      fldId: f.fldId,
      link: f.link,
      thumbnail: f.thumbnail,
      public: f.public,
    }
    if (this.touchFile.run(row).changes === 0)
      this.upsertFile.run({ ...row, uploadedKey: uploadedKey(f.uploaded) })
  }

  /** The root folder row, so every account has one folder to hang the others' paths on; 0: to be listed. */
  ensureRoot(acct: number, gen: number, listed: 0 | 1): void {
    this.db
      .prepare(
        `INSERT INTO folders (acct, fld_id, parent_id, name, path, gen, listed) VALUES (?, 0, 0, '', '', ?, ?)
         ON CONFLICT (acct, fld_id) DO UPDATE SET gen = excluded.gen, listed = excluded.listed`,
      )
      .run(acct, gen, listed)
  }

  /**
   * Records the subfolders of `parentId` as listed now. `listed` 0 marks them still to be listed by the crawl
   * (its resumable folder walk); a revalidation passes 1 and leaves a pending walk's marks alone. A folder in
   * `appWrote` (the app renamed or made it after the listing was asked for) keeps its name and path and only counts
   * as seen in `gen`.
   */
  putFolders(
    acct: number,
    gen: number,
    parentId: number,
    folders: readonly Folder[],
    listed: 0 | 1,
    appWrote: ReadonlySet<number> = NONE,
  ): void {
    const parentPath = this.folderPath.get(acct, parentId)?.path ?? ROOT_PATH
    inWriteTransaction(this.db, () => {
      for (const f of folders) {
        if (appWrote.has(f.fldId)) {
          this.seeFolder.run(gen, listed, acct, f.fldId)
          continue
        }
        const path = parentPath === ROOT_PATH ? f.name : `${parentPath}/${f.name}`
        this.upsertFolder.run({ acct, gen, fldId: f.fldId, parentId, name: f.name, path, listed })
      }
    })
  }

  restampFolders(acct: number, from: number, to: number): void {
    this.db.prepare('UPDATE folders SET gen = ? WHERE acct = ? AND gen >= ?').run(to, acct, from)
  }

  /** When a folder was last revalidated (ms), or null if never. */
  checkedAt(acct: number, fldId: number): number | null {
    return (
      this.db
        .prepare<[number, number], { checked_at: number | null }>(
          'SELECT checked_at FROM folder_checks WHERE acct = ? AND fld_id = ?',
        )
        .get(acct, fldId)?.checked_at ?? null
    )
  }

  markListed(acct: number, fldId: number): void {
    this.db.prepare('UPDATE folders SET listed = 1 WHERE acct = ? AND fld_id = ?').run(acct, fldId)
  }

  /** Folders the running crawl has found but not listed yet (where a resumed walk goes on). */
  unlistedFolders(acct: number): number[] {
    return this.db
      .prepare<[number], { fld_id: number }>('SELECT fld_id FROM folders WHERE acct = ? AND listed = 0')
      .all(acct)
      .map((r) => r.fld_id)
  }

  /** What the index has directly in a folder: taken before asking the host, see replaceFolder. */
  contentsOf(acct: number, fldId: number): FolderSnapshot {
    const codes = this.db
      .prepare<[number, number], { code: string }>('SELECT code FROM files WHERE acct = ? AND fld_id = ?')
      .all(acct, fldId)
      .map((r) => r.code)
    const folders = this.db
      .prepare<[number, number], { fld_id: number }>(
        'SELECT fld_id FROM folders WHERE acct = ? AND parent_id = ? AND fld_id != 0',
      )
      .all(acct, fldId)
      .map((r) => r.fld_id)
    return { codes: new Set(codes), folders: new Set(folders) }
  }

  /**
   * A folder as the host has it now: its subfolders and files replace what the index had directly in it
   * (changed rows update in place, vanished ones go, new ones appear). Only rows that were there before the host
   * was asked (`before`) can vanish: a file the app wrote meanwhile (an upload that landed) is newer than the
   * host's answer, and so are the rows in `keep`, which the app changed after the host was asked (a rename, a
   * move out, a folder renamed): the older listing would undo them. Rows get the account's generation as it is
   * once the write lock is held (a crawl pass may have begun while the host was asked). Returns whether anything
   * differed.
   */
  replaceFolder(
    acct: number,
    fldId: number,
    folders: readonly Folder[],
    files: readonly IndexedFile[],
    before: FolderSnapshot,
    keep: AppWritten,
  ): boolean {
    return inWriteTransaction(this.db, () => {
      const gen = this.generation.get(acct)?.generation ?? 0
      const print = this.fingerprint(acct, fldId)
      this.putFolders(acct, gen, fldId, folders, 1, keep.fldIds)
      const listedFolders = new Set(folders.map((f) => f.fldId))
      for (const id of before.folders)
        if (!listedFolders.has(id) && !keep.fldIds.has(id)) this.removeFolderTree(acct, id)
      this.putFiles(acct, gen, files, keep.codes)
      // Only rows still in this folder: one moved elsewhere meanwhile is not this folder's to drop.
      const listedCodes = new Set(files.map((f) => f.fileCode))
      const del = this.db.prepare('DELETE FROM files WHERE acct = ? AND code = ? AND fld_id = ?')
      for (const code of before.codes)
        if (!listedCodes.has(code) && !keep.codes.has(code)) del.run(acct, code, fldId)
      this.db
        .prepare('INSERT OR REPLACE INTO folder_checks (acct, fld_id, checked_at) VALUES (?, ?, ?)')
        .run(acct, fldId, Date.now())
      return print !== this.fingerprint(acct, fldId)
    })
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

  private removeFolderTree(acct: number, fldId: number): void {
    const children = this.db
      .prepare<[number, number], { fld_id: number }>(
        'SELECT fld_id FROM folders WHERE acct = ? AND parent_id = ? AND fld_id != 0',
      )
      .all(acct, fldId)
    for (const c of children) this.removeFolderTree(acct, c.fld_id)
    this.db.prepare('DELETE FROM files WHERE acct = ? AND fld_id = ?').run(acct, fldId)
    this.db.prepare('DELETE FROM folders WHERE acct = ? AND fld_id = ?').run(acct, fldId)
  }

  renameFile(acct: number, code: string, name: string): boolean {
    return (
      this.db.prepare('UPDATE files SET name = ? WHERE acct = ? AND code = ?').run(name, acct, code).changes >
      0
    )
  }

  /** Moves files to another folder; returns the folders they came from. */
  moveFiles(acct: number, codes: readonly string[], fldId: number): number[] {
    const from = new Set<number>()
    const get = this.db.prepare<[number, string], { fld_id: number }>(
      'SELECT fld_id FROM files WHERE acct = ? AND code = ?',
    )
    const set = this.db.prepare('UPDATE files SET fld_id = ? WHERE acct = ? AND code = ?')
    inWriteTransaction(this.db, () => {
      for (const code of codes) {
        const row = get.get(acct, code)
        if (row === undefined) continue
        from.add(row.fld_id)
        set.run(fldId, acct, code)
      }
    })
    return [...from]
  }

  removeFiles(acct: number, codes: readonly string[]): number {
    const del = this.db.prepare('DELETE FROM files WHERE acct = ? AND code = ?')
    let removed = 0
    inWriteTransaction(this.db, () => {
      for (const code of codes) removed += del.run(acct, code).changes
    })
    return removed
  }

  /** A folder made by the app (create): it has no files yet, and nothing to list. */
  addFolder(acct: number, gen: number, parentId: number, fldId: number, name: string): void {
    this.putFolders(acct, gen, parentId, [{ fldId, name, code: null }], 1)
  }

  /** A renamed folder: its name and the paths of everything under it. */
  renameFolder(acct: number, fldId: number, name: string): boolean {
    const row = this.db
      .prepare<[number, number], { parent_id: number }>(
        'SELECT parent_id FROM folders WHERE acct = ? AND fld_id = ?',
      )
      .get(acct, fldId)
    if (row === undefined) return false
    inWriteTransaction(this.db, () => {
      this.db.prepare('UPDATE folders SET name = ? WHERE acct = ? AND fld_id = ?').run(name, acct, fldId)
      this.repath(acct, fldId, this.folderPath.get(acct, row.parent_id)?.path ?? ROOT_PATH)
    })
    return true
  }

  /** Recomputes the path of a folder and its subtree (walked by id: two folders may share a name). */
  private repath(acct: number, fldId: number, parentPath: string): void {
    const row = this.db
      .prepare<[number, number], { name: string }>('SELECT name FROM folders WHERE acct = ? AND fld_id = ?')
      .get(acct, fldId)
    if (row === undefined) return
    const path = parentPath === ROOT_PATH ? row.name : `${parentPath}/${row.name}`
    this.db.prepare('UPDATE folders SET path = ? WHERE acct = ? AND fld_id = ?').run(path, acct, fldId)
    const children = this.db
      .prepare<[number, number], { fld_id: number }>(
        'SELECT fld_id FROM folders WHERE acct = ? AND parent_id = ? AND fld_id != 0',
      )
      .all(acct, fldId)
    for (const c of children) this.repath(acct, c.fld_id, path)
  }

  /** The end of a complete crawl: rows not seen in generation `gen` are gone from the host. */
  dropOlderThan(acct: number, gen: number): number {
    return inWriteTransaction(this.db, () => {
      const files = this.db.prepare('DELETE FROM files WHERE acct = ? AND gen < ?').run(acct, gen).changes
      this.db.prepare('DELETE FROM folders WHERE acct = ? AND gen < ? AND fld_id != 0').run(acct, gen)
      return files
    })
  }

  countGeneration(acct: number, gen: number): number {
    return (
      this.db.prepare('SELECT count(*) AS n FROM files WHERE acct = ? AND gen >= ?').get(acct, gen) as {
        n: number
      }
    ).n
  }

  counts(acct: number): { files: number; folders: number } {
    const files = (
      this.db.prepare('SELECT count(*) AS n FROM files WHERE acct = ?').get(acct) as { n: number }
    ).n
    const folders = (
      this.db.prepare('SELECT count(*) AS n FROM folders WHERE acct = ? AND fld_id != 0').get(acct) as {
        n: number
      }
    ).n
    return { files, folders }
  }
}
