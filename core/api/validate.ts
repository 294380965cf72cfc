import { defineMessage } from '@formatjs/intl'
import type { z } from 'zod'
import type { ErrorValues, FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import {
  entryName,
  fileCode,
  flagNumber,
  folderId,
  hostTimestamp,
  httpUrl,
  parseField,
  positiveCount,
  searchText,
} from '../../shared/ipc/fields.ts'

/**
 * Argument checks that run before any network call, so a typo costs no request and gets a precise message. They
 * are the contract's own field schemas (shared/ipc/fields.ts, where the rules and their reasons are written), so
 * the app and the CLI refuse the same values with the same words. `operation` rides on the error (for logs and
 * the CLI's exit code), never in its message; `field` names what the caller passed, as the CLI's flag names it.
 */

export { MAX_FILE_CODE_LENGTH } from '../../shared/ipc/fields.ts'
export { MAX_NAME_LENGTH } from '../../shared/ipc/limits.ts'

export function invalid(operation: string, text: ErrorMessage, values?: ErrorValues): FiledockError {
  return translatedError({ kind: 'invalid_input', operation }, text, values)
}

const check =
  <T>(schema: z.ZodType<T>, defaultField: string) =>
  (operation: string, value: unknown, field = defaultField): T =>
    parseField(schema, value, { field, operation })

export const checkFileCode = check(fileCode, 'file_code')
export const checkFolderId = check(folderId, 'fld_id')
export const checkName = check(entryName, 'name')
export const checkHttpUrl = check(httpUrl, 'url')
export const checkSearchText = check(searchText, 'name')
export const checkTimestamp = (operation: string, value: unknown, field: string) =>
  parseField(hostTimestamp, value, { field, operation })
export const checkPositiveInt = (operation: string, value: unknown, field: string) =>
  parseField(positiveCount, value, { field, operation })
export const checkInt = (operation: string, value: unknown, field: string) =>
  parseField(flagNumber, value, { field, operation })

export function checkFileCodes(operation: string, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  if (list.length === 0) throw invalid(operation, FILE_CODES_REQUIRED)
  return list.map((v) => checkFileCode(operation, v))
}

/** C0 control characters or DEL (checked by code point: Biome forbids them inside regex literals). */
export function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return true
  }
  return false
}

const FILE_CODES_REQUIRED = defineMessage({
  id: 'errors.input.fileCodesRequired',
  defaultMessage: 'At least one file code is required.',
})
