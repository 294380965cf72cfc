import type { HistoryEntry } from '../../shared/history.ts'

/**
 * What a history search matches: the query as a substring of the name, file code, folder path or account label,
 * ignoring case (Unicode simple case folding: the RegExp `iu` flags) and compared in Unicode NFC, because macOS
 * hands out file names decomposed (é as e + ◌́) while people type them composed. No locale is involved, so
 * results do not change with the language setting.
 *
 * Each query gives two patterns. `exact` runs on the four fields of a parsed record. `raw` runs on a record's
 * unparsed line and may say yes too often (it also sees keys and other fields) but never says no wrongly: the
 * line holds each field exactly as JSON.stringify escaped it, and escaping commutes with case folding and NFC
 * (it only touches `"`, `\`, control characters and lone surrogates, none of which has a case or composes), so
 * the escaped query is in the line whenever the query is in a field. Lines it lets through are parsed and
 * checked with `exact`.
 */

// NUL is removed from queries, so a match can never span two fields.
const SEPARATOR = '\u0000'

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at a control character
const ASCII_ONLY = /^[\u0000-\u007f]*$/

/** NFC, skipped for pure ASCII (normalize() is the slow part and ASCII never changes). */
export function nfc(text: string): string {
  return ASCII_ONLY.test(text) ? text : text.normalize('NFC')
}

export function searchableText(entry: HistoryEntry): string {
  return nfc([entry.name, entry.fileCode, entry.folderPath, entry.accountLabel].join(SEPARATOR))
}

export interface TextMatcher {
  exact: RegExp
  raw: RegExp
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')

/** null: the query is empty and matches everything. */
export function textMatcher(query: string | undefined): TextMatcher | null {
  const text = nfc((query ?? '').replaceAll(SEPARATOR, '').trim())
  if (text === '') return null
  return {
    exact: new RegExp(escapeRegExp(text), 'iu'),
    raw: new RegExp(escapeRegExp(JSON.stringify(text).slice(1, -1)), 'iu'),
  }
}

/** The exact text a serialized line holds for `"key":"value"` (see serializeEntry). */
export function rawField(key: 'accountId' | 'batchId', value: string): string {
  return `"${key}":${JSON.stringify(value)}`
}
