import { FiledockError } from '../../shared/errors.ts'

/**
 * Argument checks that run before any network call, so a typo costs no request and gets a precise message.
 *
 * Decisions for what the spec leaves open:
 * - File codes are shown as 12 lower-case letters and digits, but hosts of this family differ in length and
 *   case, so we accept 1–64 ASCII letters and digits. That still keeps separators (`,` `/` `?` `&`) out of URLs.
 * - Folder ids are non-negative safe integers (0 is the root).
 * - Names must be non-empty after trimming, at most 255 characters, without control characters: 255 is the file
 *   name limit of common file systems (a host name becomes a download's file name on disk) and of the VARCHAR
 *   columns such hosts store names in; control characters break headers, logs and file names. Names are sent
 *   trimmed.
 */

export const MAX_FILE_CODE_LENGTH = 64
export const MAX_NAME_LENGTH = 255

export function invalid(operation: string, message: string): FiledockError {
  return new FiledockError({ kind: 'invalid_input', message: `${message} (${operation}).`, operation })
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value)
  const cut = text.length > 40 ? `${text.slice(0, 40)}…` : text
  return JSON.stringify(cut)
}

export function checkFileCode(operation: string, value: unknown, field = 'file_code'): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(operation, `${field} is required`)
  const code = value.trim()
  if (!/^[A-Za-z0-9]+$/.test(code) || code.length > MAX_FILE_CODE_LENGTH) {
    throw invalid(
      operation,
      `${field} ${shown(value)} is not a file code: use 1–${MAX_FILE_CODE_LENGTH} letters and digits, as in the file's link`,
    )
  }
  return code
}

export function checkFileCodes(operation: string, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  if (list.length === 0) throw invalid(operation, 'at least one file_code is required')
  return list.map((v) => checkFileCode(operation, v))
}

export function checkFolderId(operation: string, value: unknown, field = 'fld_id'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(
      operation,
      `${field} ${shown(value)} must be a whole number of 0 or more (0 is the root folder)`,
    )
  }
  return value
}

export function checkPositiveInt(operation: string, value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalid(operation, `${field} ${shown(value)} must be a whole number of 1 or more`)
  }
  return value
}

export function checkInt(operation: string, value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw invalid(operation, `${field} ${shown(value)} must be a whole number`)
  }
  return value
}

/** C0 control characters or DEL (checked by code point: Biome forbids them inside regex literals). */
export function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return true
  }
  return false
}

export function checkName(operation: string, value: unknown, field = 'name'): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(operation, `${field} must not be empty`)
  if (hasControlChars(value))
    throw invalid(operation, `${field} must not contain control characters (such as line breaks or tabs)`)
  const name = value.trim()
  if (name.length > MAX_NAME_LENGTH) {
    throw invalid(operation, `${field} is ${name.length} characters long; the limit is ${MAX_NAME_LENGTH}`)
  }
  return name
}

export function checkHttpUrl(operation: string, value: unknown, field = 'url'): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(operation, `${field} is required`)
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw invalid(operation, `${field} ${shown(value)} is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(operation, `${field} ${shown(value)} must start with http:// or https://`)
  }
  return value.trim()
}

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, the host's timestamp form. */
export function checkTimestamp(operation: string, value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value.trim())) {
    throw invalid(operation, `${field} ${shown(value)} must look like 2024-01-31 or 2024-01-31 12:00:00`)
  }
  return value.trim()
}
