import type { UploadProgress, UploadServer } from '../../shared/api/types.ts'
import { FiledockError } from '../../shared/errors.ts'
import type { HostProfileKeeper } from './host-profile.ts'
import {
  checkUploadSource,
  postUploadForm,
  UPLOAD_OPERATION,
  type UploadFormResult,
  type UploadThrottle,
} from './multipart-upload.ts'
import type { ApiTransport } from './transport.ts'
import { otherKeyField, refuseKnown, ruleOfRefusal, type StorageLeft } from './upload-rules.ts'

export interface UploadOptions {
  signal?: AbortSignal | undefined
  /** Name sent to the host; default: the file's base name. */
  fileName?: string
  /** Default `prem` (see multipart-upload.ts). */
  utype?: string
  onProgress?: (p: UploadProgress) => void
  progressIntervalMs?: number
  /** A bandwidth limit (see UploadThrottle in multipart-upload.ts). */
  throttle?: UploadThrottle
}

/**
 * A session refused within this long of its first upload was refused for being used, not for its age: the host
 * takes one upload per upload server (no host of the family lets a session live less than this).
 */
const ONE_USE_WINDOW_MS = 5 * 60_000

/**
 * How an API client sends files (op 4) to the host it has come to know (issue 19): a file the host is known to
 * refuse is refused before anything is sent (upload-rules.ts); what a refusal teaches is learned into the host
 * profile (one upload server per file, the form's key field, a rule about the files it takes); the form takes
 * its place in the account's request budget. One per client; its state is the client's sessions and storage.
 */
export class UploadSender {
  /** Upload sessions this client has used, and when first (for hosts that take one upload per session). */
  private readonly usedSessions = new Map<string, number>()
  /** The storage left as account/info last said it, less what was uploaded since. */
  private storage: StorageLeft | undefined

  constructor(
    private readonly t: ApiTransport,
    private readonly keeper: HostProfileKeeper,
    private readonly newServer: (o: UploadOptions) => Promise<UploadServer>,
  ) {}

  /** account/info answered: a file larger than what is left is refused before it is sent. */
  noteStorageLeft(left: number | 'unlimited'): void {
    this.storage = left === 'unlimited' ? undefined : { bytes: left, at: performance.now() }
  }

  /** The file can be read and is not one the host is known to refuse. */
  async check(path: string, o: UploadOptions): Promise<void> {
    const { name, size } = await checkUploadSource(path, o.fileName)
    refuseKnown(this.keeper.current, this.storage, name, size)
  }

  /**
   * The form POST of one file (op 4), `checked` when check() ran for it already. Never sent again once the host
   * may have stored the file; a form the host refused as a whole (its error envelope: nothing stored) is sent
   * once more where the refusal taught something: the session was spent (a host that takes one upload per upload
   * server: a fresh one, and every later file gets its own at once), or the form's key field has another name.
   */
  async send(
    server: UploadServer,
    path: string,
    o: UploadOptions,
    checked = false,
  ): Promise<UploadFormResult> {
    if (!checked) await this.check(path, o)
    let session = server
    if (this.keeper.current.serverPerFile && this.usedSessions.has(session.sessId))
      session = await this.newServer(o)
    let keyField = this.keeper.current.formKeyField ?? 'api_key'
    let words: string | undefined
    const send = () =>
      this.postForm(session, path, o, keyField, (w) => {
        words = w
      })
    let r: UploadFormResult
    try {
      r = await send()
    } catch (err) {
      const retry = this.lessonOf(err, session, keyField, words)
      if (retry === undefined) throw err
      if (retry.serverPerFile) {
        this.keeper.learn({ serverPerFile: true })
        session = await this.newServer(o)
      }
      if (retry.keyField !== undefined) keyField = retry.keyField
      r = await send()
    }
    if (session.sessId === '') this.keeper.learn({ formKeyField: keyField })
    else this.spend(session.sessId)
    if (this.storage !== undefined) this.storage = { ...this.storage, bytes: this.storage.bytes - r.size }
    this.keeper.noteLink(r.link, r.fileCode, this.t.baseUrl)
    return r
  }

  /**
   * What a failed form teaches, when it is worth one more try: only a refusal of the whole form (an error
   * envelope with a status, so nothing was stored), of a session used earlier (one upload per upload server), or
   * of the key field by name. A refusal of the file itself teaches its rule (ruleOfRefusal) and is final.
   */
  private lessonOf(
    err: unknown,
    session: UploadServer,
    keyField: 'api_key' | 'key',
    words: string | undefined,
  ): { serverPerFile?: true; keyField?: 'api_key' | 'key' } | undefined {
    if (words !== undefined) {
      const rule = ruleOfRefusal(words, this.t.ctx.apiKey)
      if (rule !== undefined) this.keeper.learn(rule)
    }
    if (!(err instanceof FiledockError) || err.operation !== UPLOAD_OPERATION || err.status === undefined)
      return
    if (err.kind === 'rate_limited' || err.kind === 'auth' || err.status >= 500) return
    const firstUse = this.usedSessions.get(session.sessId)
    // A session the host says expired is just that (the queue takes a new one); any other refusal of a session
    // used moments ago means it takes one upload.
    const expired = words !== undefined && /\bexpired?\b|\btimed? ?out\b/i.test(words)
    if (
      session.sessId !== '' &&
      firstUse !== undefined &&
      !expired &&
      performance.now() - firstUse < ONE_USE_WINDOW_MS
    )
      return { serverPerFile: true }
    if (session.sessId === '' && words !== undefined) {
      const other = otherKeyField(words, keyField)
      if (other !== undefined) return { keyField: other }
    }
    return undefined
  }

  /** Notes a session's first upload; the map is bounded (sessions live an hour at most on known hosts). */
  private spend(sessId: string): void {
    if (this.usedSessions.has(sessId)) return
    if (this.usedSessions.size >= 1000) this.usedSessions.clear()
    this.usedSessions.set(sessId, performance.now())
  }

  private postForm(
    server: UploadServer,
    path: string,
    o: UploadOptions,
    keyField: 'api_key' | 'key',
    onRefused: (words: string) => void,
  ) {
    return this.t.budget.run(
      UPLOAD_OPERATION,
      o.signal,
      () =>
        postUploadForm(this.t.ctx, {
          uploadUrl: server.uploadUrl,
          sessId: server.sessId,
          keyField,
          onRefused,
          path,
          signal: o.signal,
          onProgress: o.onProgress,
          ...(o.fileName !== undefined ? { fileName: o.fileName } : {}),
          ...(o.utype !== undefined ? { utype: o.utype } : {}),
          ...(o.progressIntervalMs !== undefined ? { progressIntervalMs: o.progressIntervalMs } : {}),
          ...(o.throttle !== undefined ? { throttle: o.throttle } : {}),
          idleTimeoutMs: this.t.uploadIdleTimeoutMs,
          answerTimeoutMs: this.t.uploadAnswerTimeoutMs,
        }),
      this.t.policy.retries,
      // The form goes to the upload server, which hosts of the family run apart from the API whose rate a 429
      // showed: it is not spaced at that rate, but a lock-out and its own 429s hold it like any request.
      false,
    )
  }
}
