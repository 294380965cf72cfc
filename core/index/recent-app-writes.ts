/** The rows of one account that the app wrote after a listing began: the listing must leave them as they are. */
export interface AppWritten {
  codes: readonly string[]
  fldIds: readonly number[]
}

/**
 * Which rows the app itself wrote into the index (a rename, a move, a clone, a folder, an upload that landed)
 * while a listing of the host was on its way: a folder revalidation (read over seconds, then written at once) or
 * one page of a crawl. A change the app made meanwhile is newer than that listing (the app writes only what the
 * host has confirmed), so the listing leaves those rows as the app wrote them instead of putting the older record
 * back. Only what a running listing may need is kept: entries older than every running listing are forgotten.
 */
export class RecentAppWrites {
  private seq = 0
  private readonly files = new Map<string, number>()
  private readonly folders = new Map<string, number>()
  /** The marks of the listings running now, with how many started at each. */
  private readonly running = new Map<number, number>()

  /** A listing of the host starts: what the app writes from now on wins over it. */
  begin(): number {
    const mark = this.seq
    this.running.set(mark, (this.running.get(mark) ?? 0) + 1)
    return mark
  }

  /** The app wrote these rows of account `acct` (its index key). */
  note(acct: number, written: Partial<AppWritten>): void {
    // With no listing running, the next one reads the host after this write: nothing to keep.
    if (this.running.size === 0) return
    this.seq++
    for (const code of written.codes ?? []) this.files.set(key(acct, code), this.seq)
    for (const fldId of written.fldIds ?? []) this.folders.set(key(acct, fldId), this.seq)
  }

  /** The rows of `acct` the app wrote since `mark` (a listing's begin). */
  since(acct: number, mark: number): AppWritten {
    const prefix = key(acct, '')
    const after = (entries: Map<string, number>) =>
      [...entries]
        .filter(([k, seq]) => seq > mark && k.startsWith(prefix))
        .map(([k]) => k.slice(prefix.length))
    return { codes: after(this.files), fldIds: after(this.folders).map(Number) }
  }

  /** The listing begun at `mark` is over. */
  end(mark: number): void {
    const left = (this.running.get(mark) ?? 1) - 1
    if (left > 0) this.running.set(mark, left)
    else this.running.delete(mark)
    const oldest = this.running.size === 0 ? this.seq : Math.min(...this.running.keys())
    for (const entries of [this.files, this.folders])
      for (const [k, seq] of entries) if (seq <= oldest) entries.delete(k)
  }
}

const key = (acct: number, id: string | number) => `${acct}\u0000${id}`
