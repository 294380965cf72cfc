import type { ErrorValues, FiledockErrorData } from '../errors.ts'

/**
 * The values that put one failure's words into another's message as its `{cause}`: the English (`cause`) and,
 * when the failure has a message id, that id (`causeId`) with its values, which errorText words in the reader's
 * language (shared/i18n/error-text.ts). Anything else thrown is its English alone.
 */
export function causeValues(cause: unknown): ErrorValues {
  if (isErrorData(cause)) {
    const worded = cause.messageId === undefined ? {} : { ...cause.values, causeId: cause.messageId }
    return { ...worded, cause: cause.message }
  }
  return { cause: cause instanceof Error ? cause.message : String(cause) }
}

function isErrorData(value: unknown): value is FiledockErrorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { kind?: unknown }).kind === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  )
}
