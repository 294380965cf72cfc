import { FiledockError, type FiledockErrorData } from '../../shared/errors.ts'
import { UPLOAD_OPERATION } from '../api/multipart-upload.ts'

/**
 * What a failed attempt means for the item:
 *  - auth: the key (or the keychain) is the problem; every item would fail the same way, so the queue pauses;
 *  - offline: the host could not be reached; the engine probes before deciding between a pause and a retry;
 *  - retry: transient (5xx, 429, a cut or garbled answer, an expired upload session, a folder gone missing);
 *  - fail: retrying cannot help (the host refused the file in its own words, the local file changed, a bug).
 */
export type Verdict =
  | { kind: 'auth'; error: FiledockErrorData }
  | { kind: 'offline'; error: FiledockErrorData }
  | { kind: 'retry'; error: FiledockErrorData; retryAfterMs?: number }
  | { kind: 'fail'; error: FiledockErrorData }

/** Thrown by the item code for failures that retrying cannot fix. */
export class PermanentFailure extends FiledockError {}

export function classify(err: unknown): Verdict {
  if (err instanceof PermanentFailure) return { kind: 'fail', error: err.toJSON() }
  if (!(err instanceof FiledockError)) {
    const message = err instanceof Error ? err.message : String(err)
    return {
      kind: 'fail',
      error: { kind: 'internal', message: `Unexpected failure in the upload queue: ${message}` },
    }
  }
  const error = err.toJSON()
  switch (err.kind) {
    case 'auth':
    case 'keychain':
      return { kind: 'auth', error }
    case 'network':
    case 'timeout':
      return { kind: 'offline', error }
    case 'rate_limited':
      return err.retryAfterMs !== undefined
        ? { kind: 'retry', error, retryAfterMs: err.retryAfterMs }
        : { kind: 'retry', error }
    case 'malformed':
    case 'not_found':
    // A cancel we did not ask for: a shared request (folder listing) aborted for another reason.
    case 'cancelled':
      return { kind: 'retry', error }
    case 'server':
      // The upload server's own refusal (file_status other than OK) carries no status: its words are final.
      if (err.operation === UPLOAD_OPERATION && err.status === undefined) return { kind: 'fail', error }
      if (err.status === undefined || err.status >= 500) return { kind: 'retry', error }
      return { kind: 'fail', error }
    default:
      return { kind: 'fail', error }
  }
}

export function permanent(
  message: string,
  kind: FiledockErrorData['kind'] = 'invalid_input',
  operation?: string,
): PermanentFailure {
  return new PermanentFailure({ kind, message, ...(operation ? { operation } : {}) })
}
