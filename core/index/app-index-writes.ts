import type { IndexedFile, IndexWrites } from './index-writes.ts'
import type { RecentAppWrites } from './recent-app-writes.ts'

/**
 * The index writes for changes the app itself made on the host (IndexAppChanges, a selection's move). Each notes
 * its rows with RecentAppWrites before writing them, so a listing of the host on its way meanwhile (a folder
 * revalidation, a crawl's page or folder walk) leaves them as written instead of putting its older record back.
 * Writing an app change through here is the only way, so none can skip the note.
 */
export class AppIndexWrites {
  constructor(
    private readonly writes: IndexWrites,
    private readonly recent: RecentAppWrites,
  ) {}

  renameFile(acct: number, code: string, name: string): boolean {
    this.recent.note(acct, { codes: [code] })
    return this.writes.renameFile(acct, code, name)
  }

  /** Returns the folders the files came from. */
  moveFiles(acct: number, codes: readonly string[], fldId: number): number[] {
    this.recent.note(acct, { codes })
    return this.writes.moveFiles(acct, codes, fldId)
  }

  /** New rows the app knows of (a clone, an upload that landed). */
  putFiles(acct: number, gen: number, files: readonly IndexedFile[]): void {
    this.recent.note(acct, { codes: files.map((f) => f.fileCode) })
    this.writes.putFiles(acct, gen, files)
  }

  removeFiles(acct: number, codes: readonly string[]): number {
    this.recent.note(acct, { codes })
    return this.writes.removeFiles(acct, codes)
  }

  addFolder(acct: number, gen: number, parentId: number, fldId: number, name: string): void {
    this.recent.note(acct, { fldIds: [fldId] })
    this.writes.addFolder(acct, gen, parentId, fldId, name)
  }

  renameFolder(acct: number, fldId: number, name: string): boolean {
    this.recent.note(acct, { fldIds: [fldId] })
    return this.writes.renameFolder(acct, fldId, name)
  }
}
