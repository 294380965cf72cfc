import type { AppEvent } from '../../shared/ipc/events.ts'

/** Past this many folders of one account in one flush, one "every list of the account" event is cheaper. */
const MAX_FOLDERS_PER_FLUSH = 20

export interface ChangeCoalescer {
  /** A file landed in `fldId` (null: folder unknown). */
  fileLanded(accountId: string, fldId: number | null): void
  /** An upload may have created folders (a mirrored tree) somewhere in the account. */
  foldersCreated(accountId: string): void
  /** Sends what is pending now. */
  flush(): void
  close(): void
}

/**
 * Uploads land by the hundred per second; one files.changed per file would have the renderer refetch its list
 * hundreds of times. Landings are gathered and sent at most every `intervalMs`: one files.changed per folder
 * that got files (or one per account when many did), one folders.changed per account whose upload created
 * folders.
 */
export function createChangeCoalescer(emit: (event: AppEvent) => void, intervalMs = 300): ChangeCoalescer {
  const files = new Map<string, Set<number | null>>()
  const folders = new Set<string>()
  let timer: NodeJS.Timeout | null = null

  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    for (const [accountId, fldIds] of files) {
      if (fldIds.has(null) || fldIds.size > MAX_FOLDERS_PER_FLUSH) {
        emit({ type: 'files.changed', accountId, fldId: null })
        continue
      }
      for (const fldId of fldIds) emit({ type: 'files.changed', accountId, fldId })
    }
    // Which parents got new folders is not in the item view (only the file's own folder is): all are stale.
    for (const accountId of folders) emit({ type: 'folders.changed', accountId, parentId: null })
    files.clear()
    folders.clear()
  }

  return {
    fileLanded(accountId, fldId) {
      let set = files.get(accountId)
      if (!set) {
        set = new Set()
        files.set(accountId, set)
      }
      set.add(fldId)
      timer ??= setTimeout(flush, intervalMs)
    },
    foldersCreated(accountId) {
      folders.add(accountId)
      timer ??= setTimeout(flush, intervalMs)
    },
    flush,
    close() {
      flush()
    },
  }
}
