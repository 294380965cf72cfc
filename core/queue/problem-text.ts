import type { ErrorValues } from '../../shared/errors.ts'
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
