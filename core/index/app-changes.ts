import type { QueueItemView } from '../../shared/queue.ts'
import type { IndexService } from './index-service.ts'

/** Wait after a landing before revalidating its folder, so a batch of uploads costs one revalidation. */
const LANDED_REVALIDATE_MS = 1_000

/**
 * Writes what the app itself changed on the host into the index at once (rename, move, clone, folders, deleted
 * files, uploads that landed), so the file pane shows it without waiting for a crawl. Where the app does not
 * know every field of the new row (a clone, an upload: the host's timestamp and counters), the row is written with
 * what is known and its folder is revalidated shortly after. The writes go through the index's appWrites, so a
 * revalidation that read the host before a change does not put the older record back.
 */
export class IndexAppChanges {
  private readonly pending = new Map<string, NodeJS.Timeout>()

  constructor(
    private readonly index: IndexService,
    private readonly log: (line: string) => void,
  ) {}

  fileRenamed(accountId: string, fileCode: string, name: string): void {
    this.safely('fileRenamed', () => {
      const acct = this.index.acct(accountId)
      const before = this.index.reader.file(acct, fileCode)
      if (this.index.appWrites.renameFile(acct, fileCode, name))
        this.changed(accountId, before ? [before.fldId] : null)
    })
  }

  filesMoved(accountId: string, fileCodes: readonly string[], fldId: number): void {
    this.safely('filesMoved', () => {
      const from = this.index.appWrites.moveFiles(this.index.acct(accountId), fileCodes, fldId)
      this.changed(accountId, [fldId, ...from])
    })
  }

  fileCloned(accountId: string, sourceCode: string, clone: { fileCode: string; url: string }): void {
    this.safely('fileCloned', () => {
      const acct = this.index.acct(accountId)
      const source = this.index.reader.file(acct, sourceCode)
      if (source === null) return
      this.index.appWrites.putFiles(acct, this.index.generation(accountId), [
        { ...source, fileCode: clone.fileCode, link: clone.url, downloads: 0 },
      ])
      this.changed(accountId, [source.fldId])
      this.revalidateSoon(accountId, source.fldId)
    })
  }

  folderCreated(accountId: string, parentId: number, fldId: number, name: string): void {
    this.safely('folderCreated', () => {
      this.index.appWrites.addFolder(
        this.index.acct(accountId),
        this.index.generation(accountId),
        parentId,
        fldId,
        name,
      )
      this.changed(accountId, [parentId])
    })
  }

  folderRenamed(accountId: string, fldId: number, name: string): void {
    this.safely('folderRenamed', () => {
      if (this.index.appWrites.renameFolder(this.index.acct(accountId), fldId, name))
        this.changed(accountId, null)
    })
  }

  /** Files the host lists as deleted are dropped (the trash view asked the host). */
  filesDeleted(accountId: string, fileCodes: readonly string[]): void {
    this.safely('filesDeleted', () => {
      if (this.index.appWrites.removeFiles(this.index.acct(accountId), fileCodes) > 0)
        this.changed(accountId, null)
    })
  }

  /** An upload landed: its row now, then its folder from the host for the fields only the host knows. */
  uploadLanded(item: QueueItemView): void {
    this.safely('uploadLanded', () => {
      if (item.kind === 'folder' || item.fileCode === null || item.targetFldId === null) return
      const acct = this.index.acct(item.accountId)
      this.index.appWrites.putFiles(acct, this.index.generation(item.accountId), [
        {
          fileCode: item.fileCode,
          name: item.name,
          size: item.size ?? 0,
          // The host's own time arrives with the revalidation; until then the landing time stands in for it, in
          // the host's `YYYY-MM-DD HH:MM:SS` form so it sorts with the others.
          uploaded: new Date(item.finishedAt ?? Date.now()).toISOString().slice(0, 19).replace('T', ' '),
          downloads: 0,
          thumbnail: null,
          // The spec shows public 1; a new upload is taken as public until the host says otherwise.
          public: 1,
          fldId: item.targetFldId,
          link: item.pageLink ?? '',
        },
      ])
      this.changed(item.accountId, [item.targetFldId])
      this.revalidateSoon(item.accountId, item.targetFldId)
    })
  }

  /** The host already made the change: an index that fails to record it is logged, never the user's error. */
  private safely(what: string, write: () => void): void {
    try {
      write()
    } catch (error) {
      this.log(
        `Filedock: the file index missed a change (${what}): ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }

  private changed(accountId: string, fldIds: number[] | null): void {
    this.index.emitChanged(accountId, fldIds === null ? null : [...new Set(fldIds)])
  }

  private revalidateSoon(accountId: string, fldId: number): void {
    const key = `${accountId}\u0000${fldId}`
    if (this.pending.has(key)) return
    const timer = setTimeout(() => {
      this.pending.delete(key)
      this.index.revalidate(accountId, fldId).catch((error: unknown) => {
        this.log(
          `Filedock: the index could not re-read a folder: ${error instanceof Error ? error.message : String(error)}`,
        )
      })
    }, LANDED_REVALIDATE_MS)
    timer.unref()
    this.pending.set(key, timer)
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer)
    this.pending.clear()
  }
}
