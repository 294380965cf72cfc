/** The rows of one account that the app wrote after a listing began: the listing must leave them as they are. */
export interface AppWritten {
  codes: ReadonlySet<string>
  fldIds: ReadonlySet<number>
}

/** A listing during which the app wrote nothing. */
export const NOTHING_WRITTEN: AppWritten = { codes: new Set(), fldIds: new Set() }

/** Rows the app has just written, of one account. */
export interface AppWrite {
  codes?: readonly string[]
  fldIds?: readonly number[]
}

/**
 * Which rows the app itself wrote into the index (a rename, a move, a clone, a folder, an upload that landed)
 * while a listing of the host was on its way: a folder revalidation (read over seconds, then written at once), a
 * crawl's page of files or its listing of a folder's subfolders. A change the app made meanwhile is newer than that
 * listing (the app writes only what the host has confirmed), so the listing leaves those rows as the app wrote them
 * instead of putting the older record back. Only what a running listing may need is kept: entries older than
 * every running listing are forgotten.
 */
export class RecentAppWrites {
  private seq = 0
  private readonly accounts = new Map<number, { files: Map<string, number>; folders: Map<number, number> }>()
  /** The marks of the listings running now, with how many started at each. */
  private readonly running = new Map<number, number>()

  /**
   * Runs one listing of the host for account `acct` (its index key). `appWrote()` says, at any point of it, which
   * rows the app has written since the listing began: call it in the same turn as the write it guards.
   */
  async during<T>(acct: number, listing: (appWrote: () => AppWritten) => Promise<T>): Promise<T> {
    const mark = this.seq
    this.running.set(mark, (this.running.get(mark) ?? 0) + 1)
    try {
      return await listing(() => this.since(acct, mark))
    } finally {
      this.end(mark)
    }
  }

  /** The app wrote these rows of account `acct`. */
  note(acct: number, written: AppWrite): void {
    // With no listing running, the next one reads the host after this write: nothing to keep.
    if (this.running.size === 0) return
    this.seq++
    let rows = this.accounts.get(acct)
    if (rows === undefined) {
      rows = { files: new Map(), folders: new Map() }
      this.accounts.set(acct, rows)
    }
    for (const code of written.codes ?? []) rows.files.set(code, this.seq)
    for (const fldId of written.fldIds ?? []) rows.folders.set(fldId, this.seq)
  }

  private since(acct: number, mark: number): AppWritten {
    const rows = this.accounts.get(acct)
    const after = <K>(entries: Map<K, number> | undefined) =>
      new Set([...(entries ?? [])].flatMap(([id, seq]) => (seq > mark ? [id] : [])))
    return { codes: after(rows?.files), fldIds: after(rows?.folders) }
  }

  private end(mark: number): void {
    const left = (this.running.get(mark) ?? 1) - 1
    if (left > 0) this.running.set(mark, left)
    else this.running.delete(mark)
    const oldest = this.running.size === 0 ? this.seq : Math.min(...this.running.keys())
    const forget = <K>(entries: Map<K, number>) => {
      for (const [id, seq] of entries) if (seq <= oldest) entries.delete(id)
    }
    for (const [acct, rows] of this.accounts) {
      forget(rows.files)
      forget(rows.folders)
      if (rows.files.size === 0 && rows.folders.size === 0) this.accounts.delete(acct)
    }
  }
}
