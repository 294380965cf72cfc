import { MAX_CACHE_BYTES, MAX_CACHE_FILES } from '../../../../shared/ipc/limits.ts'
import type { DragPick } from './drag-way.ts'

/**
 * The files whose copies this window's drags out had main fetch into its drag cache (drag.prepare answered them),
 * so a later drag of them starts at once whatever their size (drag-way.ts). Kept here, not asked of main, because
 * a drag decides in its dragstart handler, which cannot wait for an answer.
 *
 * Decisions:
 * - Forgotten oldest use first beyond the bounds main's cache keeps (MAX_CACHE_BYTES, MAX_CACHE_FILES), so it
 *   forgets a copy about when main removes it. It can still be wrong (main counts work files and orders by the
 *   file system's clock; another window's drags); then main fetches the copy again, under its own size limit,
 *   and the drag says it is getting ready.
 * - A copy counts only for the size it was fetched at: a file of another size now is another state of it.
 * - Starts empty with the window: copies kept from an earlier run are not known, so their first drag may stay
 *   the page's drag (they are not fetched again for it).
 */
export class CopyMemory {
  /** Size of each remembered copy by account and code, oldest use first (a Map keeps insertion order). */
  private readonly sizes = new Map<string, number>()
  private bytes = 0

  constructor(private readonly bounds = { bytes: MAX_CACHE_BYTES, files: MAX_CACHE_FILES }) {}

  /** The copies of `files` are whole in main's cache now (drag.prepare answered them): the newest. */
  remember(accountId: string, files: readonly DragPick[]): void {
    for (const f of files) {
      const key = keyOf(accountId, f)
      this.forget(key)
      this.sizes.set(key, f.size)
      this.bytes += f.size
    }
    // Main never evicts the files of the drag it just prepared: neither does this.
    const newest = new Set(files.map((f) => keyOf(accountId, f)))
    for (const key of [...this.sizes.keys()]) {
      if (this.bytes <= this.bounds.bytes && this.sizes.size <= this.bounds.files) break
      if (newest.has(key)) break
      this.forget(key)
    }
  }

  has(accountId: string, f: DragPick): boolean {
    return this.sizes.get(keyOf(accountId, f)) === f.size
  }

  private forget(key: string): void {
    const size = this.sizes.get(key)
    if (size === undefined) return
    this.sizes.delete(key)
    this.bytes -= size
  }
}

const keyOf = (accountId: string, f: DragPick) => `${accountId}\n${f.fileCode}`

/** The window's one memory of the drag cache. */
export const dragCopies = new CopyMemory()
