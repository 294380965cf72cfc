import type Database from 'better-sqlite3'
import type { FolderStep } from '../../shared/file-index.ts'

/**
 * The folders from the root down to a folder, as a breadcrumb needs them (ids and names): a folder row found deep
 * in a subtree opens with its whole path. Walked up parent_id (a path string cannot be split back into folders,
 * as a name may hold a '/'), and ended at a folder seen twice (a host's parent ids that loop) or not indexed.
 */
export class FolderTrails {
  private readonly step: Database.Statement<[number, number], { parent_id: number; name: string }>

  constructor(db: Database.Database) {
    this.step = db.prepare('SELECT parent_id, name FROM folders WHERE acct = ? AND fld_id = ?')
  }

  /** A walker for one read: the rows of a window share their parents, each walked once. */
  walker(acct: number): (fldId: number) => FolderStep[] {
    const known = new Map<number, FolderStep[]>()
    return (fldId) => {
      const found = known.get(fldId)
      if (found !== undefined) return found
      const steps: FolderStep[] = []
      const seen = new Set<number>()
      for (let id = fldId; id !== 0 && !seen.has(id); ) {
        seen.add(id)
        const folder = this.step.get(acct, id)
        if (folder === undefined) break
        steps.unshift({ id, name: folder.name })
        id = folder.parent_id
      }
      known.set(fldId, steps)
      return steps
    }
  }
}
