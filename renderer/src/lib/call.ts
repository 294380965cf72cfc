import { FiledockError } from '../../../shared/errors.ts'
import { errorText, type WordedText } from '../../../shared/i18n/error-text.ts'
import type { Result } from '../../../shared/result.ts'
import { windowIntl } from '../i18n/window-intl.ts'
import { formatSize } from './format.ts'
import { WordedError } from './worded-error.ts'

/**
 * Turns a Result into a value or a thrown FiledockError: react-query wants rejections, while everything that
 * crosses the bridge is a value. The error keeps its kind, so screens branch on `kind`, never on text.
 */
export async function call<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending
  if (result.ok) return result.value
  throw new FiledockError(result.error)
}

export function errorKind(error: unknown): FiledockError['kind'] | null {
  return error instanceof FiledockError ? error.kind : null
}

/**
 * A person-readable message from a thrown error, a plain FiledockErrorData (per-file outcomes) or a problem main
 * worded (a pause's reason, a file left out): in the window's language when it carries a message id
 * (shared/i18n/error-text.ts), the host's own words in it untouched; the window's own failures (WordedError) in
 * its language of now; anything else as it is.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof WordedError) return error.wordedNow()
  if (isWorded(error)) return errorText(windowIntl(), error, formatSize)
  return String(error)
}

/** An error from main, or a problem it worded as errors are (a pause's reason, a file left out). */
function isWorded(error: unknown): error is WordedText {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}
