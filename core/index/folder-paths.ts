import type Database from 'better-sqlite3'

/** The root's path: a top folder's path is its name. */
export const ROOT_PATH = ''

/** The path of folder `name` inside a folder at `parentPath` (paths are names joined by `/`). */
export function childPath(parentPath: string, name: string): string {
  return parentPath === ROOT_PATH ? name : `${parentPath}/${name}`
}

/** The ids of a folder's direct subfolders (walked by id: two folders may share a name). */
export function childFolderIds(db: Database.Database, acct: number, fldId: number): number[] {
  return db
    .prepare<[number, number], number>(
      'SELECT fld_id FROM folders WHERE acct = ? AND parent_id = ? AND fld_id != 0',
    )
    .pluck()
    .all(acct, fldId)
}
