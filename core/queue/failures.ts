import { defineMessage } from '@formatjs/intl'
import { type ErrorValues, FiledockError, type FiledockErrorData } from '../../shared/errors.ts'
import { causeValues } from '../../shared/i18n/cause-values.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import { UPLOAD_OPERATION } from '../api/multipart-upload.ts'
import { isTransient } from '../api/retry.ts'
import { PartInUse } from '../download/work-files.ts'

/**
 * How long a download waits before looking again at a file another process (or another download of this one) is
 * writing: by then that one is often done, and the look finds the file in place with no request made.
 */
export const PART_IN_USE_WAIT_MS = 5_000

/**
 * What a failed attempt means for the item:
 *  - auth: the key (or the keychain) is the problem; every item would fail the same way, so the queue pauses;
 *  - offline: the host could not be reached; the engine probes before deciding between a pause and a retry;
 *  - retry: transient (5xx, 429, a cut or garbled answer, an expired upload session, a folder gone missing);
 *  - wait: nothing failed, but the item cannot go on yet (another process writes its download): it waits `waitMs`
 *    and tries again, no attempt counted;
 *  - fail: retrying cannot help (the host refused the file in its own words, the local file changed, the local
 *    disk refused the download, a bug).
 */
export type Verdict =
  | { kind: 'auth'; error: FiledockErrorData }
  | { kind: 'offline'; error: FiledockErrorData }
  | { kind: 'retry'; error: FiledockErrorData; retryAfterMs?: number }
  | { kind: 'wait'; error: FiledockErrorData; waitMs: number }
  | { kind: 'fail'; error: FiledockErrorData }

/** Thrown by the item code for failures that retrying cannot fix. */
export class PermanentFailure extends FiledockError {}

/**
 * The one answer to "is this failure transient?" (isTransient, shared with the API client's retries and the watch),
 * with the queue's own verdicts on top: each rule below says why the queue answers otherwise.
 */
export function classify(err: unknown): Verdict {
  if (err instanceof PermanentFailure) return { kind: 'fail', error: err.toJSON() }
  if (!(err instanceof FiledockError)) {
    const message = err instanceof Error ? err.message : String(err)
    return {
      kind: 'fail',
      error: translatedError({ kind: 'internal' }, UNEXPECTED, { detail: message }).toJSON(),
    }
  }
  const error = err.toJSON()
  // Another download holds the file's work file: it is being done, once, there (core/download/work-files.ts).
  if (err instanceof PartInUse) return { kind: 'wait', error, waitMs: PART_IN_USE_WAIT_MS }
  // The key or the keychain: every item would fail the same way, so the queue pauses rather than failing each.
  if (err.kind === 'auth' || err.kind === 'keychain') return { kind: 'auth', error }
  // The upload server's own refusal of the file (file_status other than OK) carries no status: its words are
  // final, though a failure without a status is transient elsewhere (an envelope's failure in a 200 answer).
  if (err.kind === 'server' && err.operation === UPLOAD_OPERATION && err.status === undefined)
    return { kind: 'fail', error }
  // A download's file deleted on the host: no later direct link brings it back.
  if (err.kind === 'not_found' && err.operation === 'file/direct_link') return { kind: 'fail', error }
  // A folder gone missing under an item (deleted on the host meanwhile): the next attempt makes it again. A file
  // server's 403/404/410 that fresh links did not cure (LinkGone): the next attempt asks for links again.
  if (err.kind === 'not_found') return { kind: 'retry', error }
  // A cancel the queue did not ask for: a shared request (a folder listing) aborted for another of its users.
  if (err.kind === 'cancelled') return { kind: 'retry', error }
  if (!isTransient(err)) return { kind: 'fail', error }
  // Unreachable: the engine probes the host before deciding between a pause (offline) and a retry.
  if (err.kind === 'network' || err.kind === 'timeout') return { kind: 'offline', error }
  return err.kind === 'rate_limited' && err.retryAfterMs !== undefined
    ? { kind: 'retry', error, retryAfterMs: err.retryAfterMs }
    : { kind: 'retry', error }
}

/** A PermanentFailure whose text is in the catalogues (shared/i18n/error-text.ts). */
export function permanentText(
  text: ErrorMessage,
  values: ErrorValues,
  kind: FiledockErrorData['kind'] = 'invalid_input',
  operation?: string,
): PermanentFailure {
  return new PermanentFailure(
    translatedError({ kind, ...(operation ? { operation } : {}) }, text, values).toJSON(),
  )
}

/**
 * The failure of an item that used up its attempts: the last attempt's error in its words (`cause`, the English;
 * `causeId`, its message in the catalogues, which a reader formats in its language with the same values).
 */
export function gaveUp(attempts: number, last: FiledockErrorData): FiledockErrorData {
  const error = translatedError(
    { kind: last.kind, ...(last.operation !== undefined ? { operation: last.operation } : {}) },
    GAVE_UP,
    { ...causeValues(last), attempts },
  ).toJSON()
  return { ...last, ...error }
}

const UNEXPECTED = defineMessage({
  id: 'errors.queue.unexpected',
  defaultMessage: 'Unexpected failure in the upload queue: {detail}',
})

const GAVE_UP = defineMessage({
  id: 'errors.queue.gaveUp',
  defaultMessage: 'Gave up after {attempts} attempts. {cause}',
})
