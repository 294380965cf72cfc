/** Between two announcements of a crawl's new rows: windows refetch on each, and a second keeps that cheap. */
const INTERVAL_MS = 1_000

/**
 * When a running crawl tells windows that its account's rows changed (index.changed): the first write of a crawl
 * at once, so a new account's first rows show as soon as they are in; later ones at most once a second, and the
 * last of a burst too, a second after the one before, so no write goes untold.
 */
export class CrawlAnnouncements {
  private readonly last = new Map<string, number>()
  private readonly later = new Map<string, NodeJS.Timeout>()

  constructor(private readonly announce: (accountId: string) => void) {}

  /** A crawl of the account begins: its first write is told at once. */
  begin(accountId: string): void {
    this.last.delete(accountId)
  }

  /** The crawl wrote rows. */
  written(accountId: string): void {
    if (this.later.has(accountId)) return
    const wait = (this.last.get(accountId) ?? 0) + INTERVAL_MS - Date.now()
    if (wait <= 0) {
      this.now(accountId)
      return
    }
    const later = setTimeout(() => this.now(accountId), wait)
    later.unref()
    this.later.set(accountId, later)
  }

  /** Tells now, in place of an announcement still to come (a crawl's end). */
  now(accountId: string): void {
    clearTimeout(this.later.get(accountId))
    this.later.delete(accountId)
    this.last.set(accountId, Date.now())
    this.announce(accountId)
  }

  dispose(): void {
    for (const later of this.later.values()) clearTimeout(later)
    this.later.clear()
  }
}
