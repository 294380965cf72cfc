import { FiledockError, type FiledockErrorData } from '../../../shared/errors.ts'
import { errorText } from '../../../shared/i18n/error-text.ts'
import type { Result } from '../../../shared/result.ts'
import { windowIntl } from '../i18n/window-intl.ts'
import { formatSize } from './format.ts'

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
 * A person-readable message from a thrown error or a plain FiledockErrorData (per-file outcomes): main's errors
 * in the window's language when they carry a message id (shared/i18n/error-text.ts), the host's own words in it
 * untouched; anything else as it is.
 */
export function errorMessage(error: unknown): string {
  if (isErrorData(error)) return errorText(windowIntl(), error, formatSize)
  if (error instanceof Error) return error.message
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message
  }
  return String(error)
}

function isErrorData(error: unknown): error is FiledockErrorData {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { kind?: unknown }).kind === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}
