import type { QueueItemView } from '../../shared/queue.ts'
import type { AppChange } from './change-writes.ts'
import { fileJson } from './files-json.ts'
import type { IndexService } from './index-service.ts'

/** Wait after a landing before revalidating its folder, so a batch of uploads costs one revalidation. */
const LANDED_REVALIDATE_MS = 1_000

/**
 * Writes what the app itself changed on the host into the index once the host confirmed it (rename, move,
 * clone, folders, deleted files, uploads that landed), so the file pane shows it without waiting for a crawl.
 * Each resolves once the writer thread has committed the change and index.changed is out, so a caller that
 * answers the page after it has the page refetch the change. Where the app does not know every field of the new
 * row (a clone, an upload: the host's timestamp and counters), the row is written with what is known and its
 * folder is revalidated shortly after. A listing of the host that began before a change leaves its rows as
 * written here (index-writer.ts).
 */
export class ConfirmedChanges {
  private readonly pending = new Map<string, NodeJS.Timeout>()

  constructor(
    private readonly index: IndexService,
    private readonly log: (line: string) => void,
  ) {}

  fileRenamed(accountId: string, fileCode: string, name: string): Promise<void> {
    return this.record(accountId, { kind: 'fileRenamed', fileCode, name })
  }

  filesMoved(accountId: string, fileCodes: readonly string[], fldId: number): Promise<void> {
    return this.record(accountId, { kind: 'filesMoved', fileCodes, fldId })
  }

  fileCloned(accountId: string, sourceCode: string, clone: { fileCode: string; url: string }): Promise<void> {
    return this.safely('fileCloned', async () => {
      await this.index.opened()
      const source = this.index.file(accountId, sourceCode)
      if (source === null) return
      const files = fileJson({ ...source, fileCode: clone.fileCode, link: clone.url, downloads: 0 })
      await this.write(accountId, { kind: 'filesAdded', files })
      this.revalidateSoon(accountId, source.fldId)
    })
  }

  folderCreated(accountId: string, parentId: number, fldId: number, name: string): Promise<void> {
    return this.record(accountId, { kind: 'folderAdded', parentId, fldId, name })
  }

  folderRenamed(accountId: string, fldId: number, name: string): Promise<void> {
    return this.record(accountId, { kind: 'folderRenamed', fldId, name })
  }

  /** Files the host lists as deleted are dropped (the trash view asked the host). */
  filesDeleted(accountId: string, fileCodes: readonly string[]): Promise<void> {
    return this.record(accountId, { kind: 'filesRemoved', fileCodes })
  }

  /** An upload landed: its row now, then its folder from the host for the fields only the host knows. */
  uploadLanded(item: QueueItemView): Promise<void> {
    const { fileCode, targetFldId } = item
    if (item.kind === 'folder' || fileCode === null || targetFldId === null) return Promise.resolve()
    const files = fileJson({
      fileCode,
      name: item.name,
      size: item.size ?? 0,
      // The host's own time arrives with the revalidation; until then the landing time stands in for it, in
      // the host's `YYYY-MM-DD HH:MM:SS` form so it sorts with the others.
      uploaded: new Date(item.finishedAt ?? Date.now()).toISOString().slice(0, 19).replace('T', ' '),
      downloads: 0,
      thumbnail: null,
      // The spec shows public 1; a new upload is taken as public until the host says otherwise.
      public: 1,
      fldId: targetFldId,
      link: item.pageLink ?? '',
    })
    return this.safely('uploadLanded', async () => {
      await this.write(item.accountId, { kind: 'filesAdded', files })
      this.revalidateSoon(item.accountId, targetFldId)
    })
  }

  private record(accountId: string, change: AppChange): Promise<void> {
    return this.safely(change.kind, () => this.write(accountId, change))
  }

  private async write(accountId: string, change: AppChange): Promise<void> {
    const outcome = await this.index.recordChange(accountId, change)
    if (outcome.changed) this.index.emitChanged(accountId, outcome.fldIds)
  }

  /**
   * The host already made the change: an index that fails to record it is logged, never the user's error (the
   * next check of the folder puts it right).
   */
  private async safely(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work()
    } catch (error) {
      logMissedChange(this.log, what, error)
    }
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

/** The one way a change the host made but the index could not record is logged. */
export function logMissedChange(log: (line: string) => void, what: string, error: unknown): void {
  log(
    `Filedock: the file index missed a change (${what}): ${error instanceof Error ? error.message : String(error)}`,
  )
}
