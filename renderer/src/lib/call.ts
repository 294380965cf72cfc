import { FiledockError } from '../../../shared/errors.ts'
import type { Result } from '../../../shared/result.ts'

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

/** A person-readable message from a thrown error or a plain FiledockErrorData (per-file outcomes). */
export function errorMessage(error: unknown): string {
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
