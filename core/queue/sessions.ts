import type { UploadServer } from '../../shared/api/types.ts'
import type { ApiClient } from '../api/client.ts'

/**
 * Upload sessions (upload/server) shared by the uploads of one account. A session's lifetime is not shown by
 * the spec (the sandbox's is an hour); one is reused for REUSE_MS at most, and dropped at once when the upload
 * server refuses it (expired or unknown session), so the retry takes a fresh one.
 */
const REUSE_MS = 10 * 60_000

export class UploadSessions {
  private readonly byAccount = new Map<string, { at: number; server: Promise<UploadServer> }>()

  constructor(private readonly signal?: AbortSignal) {}

  get(accountId: string, client: ApiClient): Promise<UploadServer> {
    const cached = this.byAccount.get(accountId)
    if (cached && performance.now() - cached.at < REUSE_MS) return cached.server
    const server = client.uploadServer({ signal: this.signal })
    const entry = { at: performance.now(), server }
    this.byAccount.set(accountId, entry)
    server.catch(() => {
      if (this.byAccount.get(accountId) === entry) this.byAccount.delete(accountId)
    })
    return server
  }

  /** The upload server refused `server`: the next upload takes a new session. */
  drop(accountId: string, server?: UploadServer): void {
    const cached = this.byAccount.get(accountId)
    if (!cached) return
    if (server === undefined) {
      this.byAccount.delete(accountId)
      return
    }
    void cached.server.then(
      (s) => {
        if (s.sessId === server.sessId && this.byAccount.get(accountId) === cached)
          this.byAccount.delete(accountId)
      },
      () => undefined,
    )
  }
}
