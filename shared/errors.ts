/**
 * The one error model of Filedock. Every failure that crosses a boundary (API client → caller, main → renderer
 * over IPC, CLI → exit code) is one of these kinds, so callers branch on `kind`, never on message text.
 * Messages are written for a person and never contain an API key.
 */
export const errorKinds = [
  'invalid_input', // bad arguments, caught before any network call
  'auth', // missing, wrong or revoked API key
  'forbidden', // the key works, but the host does not allow this operation for it (disabled in the API, premium only)
  'not_found', // unknown file code, folder or upload session
  'rate_limited', // the host asked us to slow down; retryAfterMs may say for how long
  'network', // connection refused, reset, DNS failure, offline
  'timeout', // the host did not answer in time
  'server', // the host answered with a failure of its own (5xx, error status in the body)
  'malformed', // the host answered something we cannot read (HTML from a proxy, truncated JSON, wrong shape)
  'cancelled', // the caller aborted
  'keychain', // the OS keychain is missing, locked or refused
  'local_disk', // the local disk or folder refused a download's bytes: full, not writable, a name too long, in use
  'internal', // a bug in Filedock; the message says what was being done
] as const

export type ErrorKind = (typeof errorKinds)[number]

export interface FiledockErrorData {
  kind: ErrorKind
  message: string
  /** For rate_limited: how long the host asked us to wait. */
  retryAfterMs?: number
  /** The API operation or IPC channel that failed, e.g. `file/rename`. */
  operation?: string
  /** HTTP status or the envelope's `status`, when the host gave one. */
  status?: number
  /**
   * The message's id in the catalogues (shared/i18n/messages), so each window shows it in its own language
   * (shared/i18n/error-text.ts); `message` stays the English text, for logs and `--json`. Absent: only English.
   */
  messageId?: string
  /** The message's placeholders: data, never translated (names, addresses, numbers, the host's own words). */
  values?: ErrorValues
}

/** Placeholder values that survive JSON, IPC and the WebSocket as they are. */
export type ErrorValues = Record<string, string | number>

/** A plain, serialisable error: it survives IPC, WebSocket and JSON untouched. */
export class FiledockError extends Error implements FiledockErrorData {
  readonly kind: ErrorKind
  readonly retryAfterMs?: number
  readonly operation?: string
  readonly status?: number
  readonly messageId?: string
  readonly values?: ErrorValues

  constructor(data: FiledockErrorData, options?: { cause?: unknown }) {
    super(data.message, options)
    this.name = 'FiledockError'
    this.kind = data.kind
    if (data.retryAfterMs !== undefined) this.retryAfterMs = data.retryAfterMs
    if (data.operation !== undefined) this.operation = data.operation
    if (data.status !== undefined) this.status = data.status
    if (data.messageId !== undefined) this.messageId = data.messageId
    if (data.values !== undefined) this.values = { ...data.values }
  }

  toJSON(): FiledockErrorData {
    const out: FiledockErrorData = { kind: this.kind, message: this.message }
    if (this.retryAfterMs !== undefined) out.retryAfterMs = this.retryAfterMs
    if (this.operation !== undefined) out.operation = this.operation
    if (this.status !== undefined) out.status = this.status
    if (this.messageId !== undefined) out.messageId = this.messageId
    if (this.values !== undefined) out.values = { ...this.values }
    return out
  }
}

export function isFiledockError(value: unknown): value is FiledockError {
  return value instanceof FiledockError
}
