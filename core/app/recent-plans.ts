import type { DownloadRequest } from '../../shared/downloads.ts'

/**
 * The download request the Download dialog planned last: the files it read and the plan it showed, kept together
 * for what the dialog asks next.
 *
 * The files (the index's 100,000 rows, the costlier half of a plan) serve its next plan of the same files into
 * another folder (Save in filled in, Browse…): only the local half is made again. They are shared while the first
 * read is in flight, and not kept when the read failed.
 *
 * The plan serves the Download button: a plan of 100,000 files reads the index and lists the target folders, and
 * doing it again on the click doubled the time to the first byte (bench `app-download`). What starts is then what
 * the dialog said. Single use, and only for the very same request (folder and conflict policy included).
 *
 * Taking either a minute old is safe: each item looks at the disk again before it fetches anything (downloadFile:
 * a file already there is "already here", a name taken meets the conflict policy when the file is put in place),
 * and a file gone from the host fails with the host's words. Older than TTL_MS, they are made afresh.
 */
export const TTL_MS = 120_000

interface Kept<F, P> {
  /** The files half of the request (account and what): all the files depend on. */
  filesKey: string
  files: Promise<F>
  filesAt: number
  /** The plan made last from these files, for the whole request it was made for. */
  plan: { key: string; plan: P; at: number } | null
}

export class RecentRequest<F, P> {
  private last: Kept<F, P> | null = null

  constructor(private readonly now: () => number = Date.now) {}

  /** The files of this request: those kept for the same account and what while fresh, else `read()`'s. */
  files(request: DownloadRequest, read: () => Promise<F>): Promise<F> {
    const key = filesKey(request)
    const last = this.last
    if (last !== null && last.filesKey === key && this.now() - last.filesAt <= TTL_MS) return last.files
    const files = read()
    const kept: Kept<F, P> = { filesKey: key, files, filesAt: this.now(), plan: null }
    this.last = kept
    files.catch(() => {
      if (this.last === kept) this.last = null
    })
    return files
  }

  /**
   * Keeps the plan made for this request with its files. Nothing is kept when those files are no longer the ones
   * kept (other files read since, or the dialog done with them): that plan is of a dialog no one looks at.
   */
  keepPlan(request: DownloadRequest, plan: P): void {
    if (this.last === null || this.last.filesKey !== filesKey(request)) return
    this.last.plan = { key: JSON.stringify(request), plan, at: this.now() }
  }

  /** The plan kept for exactly this request, once; null when there is none or it is too old. */
  takePlan(request: DownloadRequest): P | null {
    const kept = this.last?.plan ?? null
    if (this.last !== null) this.last.plan = null
    if (kept === null || kept.key !== JSON.stringify(request) || this.now() - kept.at > TTL_MS) return null
    return kept.plan
  }

  /** The dialog is done with this request: a later Download… reads its files afresh. */
  forget(): void {
    this.last = null
  }
}

function filesKey(request: DownloadRequest): string {
  return JSON.stringify({ accountId: request.accountId, what: request.what })
}
