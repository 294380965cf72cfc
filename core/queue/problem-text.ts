import { type ErrorValues, FiledockError, type FiledockErrorData } from '../../shared/errors.ts'
import { type ErrorMessage, type SizeText, translatedError } from '../../shared/i18n/error-text.ts'

/**
 * The words of a problem that is not an error (a file a drop left out, a link that does not answer, a pause's
 * reason), as main's errors carry theirs: `message` in English (logs, `--json`), `messageId` + `values` for the
 * reader to word in its own language (shared/i18n/error-text.ts errorText reads them as it reads an error's), and
 * `operation` when the text wraps an error of an API operation (the `{action}` of its words).
 */
export interface ProblemText {
  message: string
  messageId: string
  values: ErrorValues
  operation?: string
}

/**
 * Written by translatedError, so the English and the catalogue's message come from one descriptor. `sizeText`
 * writes the English's sizes (values named …Bytes) in the units the person chose, for logs and the CLI; the values
 * keep the numbers, which each reader writes in its own units.
 */
export function problemText(
  text: ErrorMessage,
  values: ErrorValues = {},
  o: { operation?: string | undefined; sizeText?: SizeText | undefined } = {},
): ProblemText {
  const { operation, sizeText } = o
  const { message } = translatedError(
    { kind: 'invalid_input', ...(operation ? { operation } : {}) },
    text,
    values,
    { sizeText },
  )
  return { message, messageId: text.id, values, ...(operation ? { operation } : {}) }
}

/**
 * A failure inside another message (its `{cause}`): its English, and its own id and values, which a reader words
 * in its language first (errorText's `causeId`). The wrapping text takes the failure's `operation` along.
 */
export function causeValues(err: unknown): ErrorValues {
  const data = errorData(err)
  if (data === undefined) return { cause: err instanceof Error ? err.message : String(err) }
  const inner = data.messageId === undefined ? {} : { ...data.values, causeId: data.messageId }
  return { ...inner, cause: data.message }
}

function errorData(err: unknown): FiledockErrorData | undefined {
  if (err instanceof FiledockError) return err.toJSON()
  const e = err as Partial<FiledockErrorData> | null
  return typeof e === 'object' && e !== null && typeof e.kind === 'string' && typeof e.message === 'string'
    ? (e as FiledockErrorData)
    : undefined
}
