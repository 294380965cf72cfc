import type Database from 'better-sqlite3'
import type { FilesJson } from './files-json.ts'
import { childFolderIds, childPath, ROOT_PATH } from './folder-paths.ts'
import { inWriteTransaction } from './open-index-db.ts'

/** A change the app made on the host, once the host confirmed it: what the index records. */
export type AppChange =
  | { kind: 'fileRenamed'; fileCode: string; name: string }
  | { kind: 'filesMoved'; fileCodes: readonly string[]; fldId: number }
  /** New rows the app knows of: a clone, an upload that landed (what the host alone knows follows later). */
  | { kind: 'filesAdded'; files: FilesJson }
  /** Files the host lists as deleted. */
  | { kind: 'filesRemoved'; fileCodes: readonly string[] }
  | { kind: 'folderAdded'; parentId: number; fldId: number; name: string }
  | { kind: 'folderRenamed'; fldId: number; name: string }

/** Whether a change altered the index, and where: the folders whose rows changed, or null for anywhere. */
export type ChangeOutcome = { changed: false } | { changed: true; fldIds: number[] | null }

const UNCHANGED: ChangeOutcome = { changed: false }

/**
 * Writes the app's own changes, on the writer thread. Each is app write number `seq` (main numbers them in the
 * order it hands them over) and stamps the rows it writes with it, in the same transaction as the counter that
 * keeps the numbers rising across restarts: a listing of the host that began before the change leaves those
 * rows as written here (listing-writes.ts). New rows take the account's generation as it is under the write lock
 * (the running crawl's, so its clean-up keeps them).
 */
export class ChangeWrites {
  private readonly counter: Database.Statement<[number]>
  private readonly generation: Database.Statement<[number], number>
  private readonly fileFolder: Database.Statement<[number, string], number>
  private readonly folderParent: Database.Statement<[number, number], number>
  private readonly folderPath: Database.Statement<[number, number], string>

  constructor(private readonly db: Database.Database) {
    this.counter = db.prepare('UPDATE app_writes SET seq = max(seq, ?)')
    this.generation = db.prepare<[number], number>('SELECT generation FROM accounts WHERE acct = ?').pluck()
    this.fileFolder = db
      .prepare<[number, string], number>('SELECT fld_id FROM files WHERE acct = ? AND code = ?')
      .pluck()
    this.folderParent = db
      .prepare<[number, number], number>('SELECT parent_id FROM folders WHERE acct = ? AND fld_id = ?')
      .pluck()
    this.folderPath = db
      .prepare<[number, number], string>('SELECT path FROM folders WHERE acct = ? AND fld_id = ?')
      .pluck()
  }

  apply(acct: number, seq: number, change: AppChange): ChangeOutcome {
    return inWriteTransaction(this.db, () => {
      this.counter.run(seq)
      switch (change.kind) {
        case 'fileRenamed':
          return this.renameFile(acct, seq, change.fileCode, change.name)
        case 'filesMoved':
          return this.moveFiles(acct, seq, change.fileCodes, change.fldId)
        case 'filesAdded':
          return this.addFiles(acct, seq, change.files)
        case 'filesRemoved':
          return this.removeFiles(acct, seq, change.fileCodes)
        case 'folderAdded':
          return this.addFolder(acct, seq, change.parentId, change.fldId, change.name)
        case 'folderRenamed':
          return this.renameFolder(acct, seq, change.fldId, change.name)
      }
    })
  }

  private renameFile(acct: number, seq: number, code: string, name: string): ChangeOutcome {
    const fldId = this.fileFolder.get(acct, code)
    if (fldId === undefined) return UNCHANGED
    this.db
      .prepare('UPDATE files SET name = ?, app_seq = ? WHERE acct = ? AND code = ?')
      .run(name, seq, acct, code)
    return { changed: true, fldIds: [fldId] }
  }

  /** The target and the folders the files came from changed (all of them, even when a file was not indexed). */
  private moveFiles(acct: number, seq: number, codes: readonly string[], fldId: number): ChangeOutcome {
    const from = new Set<number>()
    const set = this.db.prepare('UPDATE files SET fld_id = ?, app_seq = ? WHERE acct = ? AND code = ?')
    for (const code of codes) {
      const was = this.fileFolder.get(acct, code)
      if (was === undefined) continue
      from.add(was)
      set.run(fldId, seq, acct, code)
    }
    return { changed: true, fldIds: [...new Set([fldId, ...from])] }
  }

  private addFiles(acct: number, seq: number, files: FilesJson): ChangeOutcome {
    const gen = this.generation.get(acct) ?? 0
    const fldIds = this.db
      .prepare<[FilesJson], number>("SELECT DISTINCT value ->> 'fldId' FROM json_each(?)")
      .pluck()
      .all(files)
    this.db
      .prepare(
        `INSERT INTO files (acct, code, name, size, uploaded, uploaded_key, downloads, fld_id, link, thumbnail,
          public, gen, app_seq)
         SELECT @acct, f.value ->> 'fileCode', f.value ->> 'name', f.value ->> 'size', f.value ->> 'uploaded',
           uploaded_key(f.value ->> 'uploaded'), f.value ->> 'downloads', f.value ->> 'fldId', f.value ->> 'link',
           f.value ->> 'thumbnail', f.value ->> 'public', @gen, @seq
         FROM json_each(@files) f WHERE true
         ON CONFLICT (acct, code) DO UPDATE SET name = excluded.name, size = excluded.size,
           uploaded = excluded.uploaded, uploaded_key = excluded.uploaded_key, downloads = excluded.downloads,
           fld_id = excluded.fld_id, link = excluded.link, thumbnail = excluded.thumbnail,
           public = excluded.public, gen = max(files.gen, excluded.gen), app_seq = excluded.app_seq`,
      )
      .run({ acct, gen, seq, files })
    // A code the app removed earlier and now has again (restored on the host) is no longer removed.
    this.db
      .prepare(
        "DELETE FROM removed_files WHERE acct = ? AND code IN (SELECT value ->> 'fileCode' FROM json_each(?))",
      )
      .run(acct, files)
    return fldIds.length === 0 ? UNCHANGED : { changed: true, fldIds }
  }

  private removeFiles(acct: number, seq: number, codes: readonly string[]): ChangeOutcome {
    const del = this.db.prepare('DELETE FROM files WHERE acct = ? AND code = ?')
    const note = this.db.prepare(
      'INSERT OR REPLACE INTO removed_files (acct, code, app_seq) VALUES (?, ?, ?)',
    )
    let removed = 0
    for (const code of codes) {
      removed += del.run(acct, code).changes
      note.run(acct, code, seq)
    }
    return removed === 0 ? UNCHANGED : { changed: true, fldIds: null }
  }

  /** A folder made by the app (create): it has no files yet, and nothing to list. */
  private addFolder(acct: number, seq: number, parentId: number, fldId: number, name: string): ChangeOutcome {
    const parentPath = this.folderPath.get(acct, parentId) ?? ROOT_PATH
    this.db
      .prepare(
        `INSERT INTO folders (acct, fld_id, parent_id, name, path, gen, listed, app_seq)
         VALUES (@acct, @fldId, @parentId, @name, @path, @gen, 1, @seq)
         ON CONFLICT (acct, fld_id) DO UPDATE SET parent_id = excluded.parent_id, name = excluded.name,
           path = excluded.path, gen = max(folders.gen, excluded.gen), app_seq = excluded.app_seq`,
      )
      .run({
        acct,
        fldId,
        parentId,
        name,
        path: childPath(parentPath, name),
        gen: this.generation.get(acct) ?? 0,
        seq,
      })
    return { changed: true, fldIds: [parentId] }
  }

  /** A renamed folder: its name and the paths of everything under it; every view may show those paths. */
  private renameFolder(acct: number, seq: number, fldId: number, name: string): ChangeOutcome {
    const parentId = this.folderParent.get(acct, fldId)
    if (parentId === undefined) return UNCHANGED
    this.db
      .prepare('UPDATE folders SET name = ?, app_seq = ? WHERE acct = ? AND fld_id = ?')
      .run(name, seq, acct, fldId)
    this.repath(acct, fldId, this.folderPath.get(acct, parentId) ?? ROOT_PATH)
    return { changed: true, fldIds: null }
  }

  /** Recomputes the path of a folder and its subtree. */
  private repath(acct: number, fldId: number, parentPath: string): void {
    const row = this.db
      .prepare<[number, number], { name: string }>('SELECT name FROM folders WHERE acct = ? AND fld_id = ?')
      .get(acct, fldId)
    if (row === undefined) return
    const path = childPath(parentPath, row.name)
    this.db.prepare('UPDATE folders SET path = ? WHERE acct = ? AND fld_id = ?').run(path, acct, fldId)
    for (const c of childFolderIds(this.db, acct, fldId)) this.repath(acct, c, path)
  }
}
