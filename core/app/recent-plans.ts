/**
 * The plan the Download dialog just showed, kept for the Download button: a plan of 100,000 files reads the index
 * and lists the target folders, and doing it again on the click doubled the time to the first byte (bench
 * `app-download`). What starts is then what the dialog said. Taking a plan a minute old is safe: each item looks
 * at the disk again before it fetches anything (downloadFile: a file already there is "already here", a name
 * taken meets the conflict policy when the file is put in place), and a file gone from the host fails with the
 * host's words. Single use, and only for the very same request; older than TTL_MS, the plan is made afresh.
 */
export const TTL_MS = 120_000

export class RecentPlans<P> {
  private last: { key: string; plan: P; at: number } | null = null

  constructor(private readonly now: () => number = Date.now) {}

  keep(request: unknown, plan: P): void {
    this.last = { key: JSON.stringify(request), plan, at: this.now() }
  }

  /** The plan kept for exactly this request, once; null when there is none or it is too old. */
  take(request: unknown): P | null {
    const last = this.last
    this.last = null
    if (last === null || last.key !== JSON.stringify(request) || this.now() - last.at > TTL_MS) return null
    return last.plan
  }
}

/**
 * The files of the request the dialog planned last (the index's 100,000 rows, the costlier half of a plan), kept
 * for its next plan of the same files into another folder (Save in filled in, Browse…): only the local half is
 * made again. Shared while the first read is in flight; as safe to reuse as a kept plan (same TTL_MS), and not
 * kept when the read failed.
 */
export class RecentFiles<F> {
  private last: { key: string; files: Promise<F>; at: number } | null = null

  constructor(private readonly now: () => number = Date.now) {}

  of(request: unknown, read: () => Promise<F>): Promise<F> {
    const key = JSON.stringify(request)
    const last = this.last
    if (last !== null && last.key === key && this.now() - last.at <= TTL_MS) return last.files
    const files = read()
    const kept = { key, files, at: this.now() }
    this.last = kept
    files.catch(() => {
      if (this.last === kept) this.last = null
    })
    return files
  }

  forget(): void {
    this.last = null
  }
}
