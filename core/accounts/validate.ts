import { API_KEY_MAX_CHARS, LABEL_MAX_CHARS } from '../../shared/accounts.ts'
import { FiledockError } from '../../shared/errors.ts'
import { hostBaseUrl, parseField } from '../../shared/ipc/fields.ts'
import { hasUnsafeChar } from '../../shared/unsafe-chars.ts'

const invalid = (message: string) => new FiledockError({ kind: 'invalid_input', message })

const KEY_FORBIDDEN = /[\s\p{Cc}\p{Cf}]/u

export function normaliseLabel(raw: string): string {
  // NFC, so that the same name typed on two keyboards compares equal (labels are unique, case-insensitively).
  const label = raw.trim().normalize('NFC')
  if (label === '') throw invalid('Give the account a name.')
  if ([...label].length > LABEL_MAX_CHARS)
    throw invalid(`The account name is longer than ${LABEL_MAX_CHARS} characters.`)
  // The shared set (shared/unsafe-chars.ts): a label shows in every account list and menu.
  if (hasUnsafeChar(label)) throw invalid('The account name contains control characters or direction marks.')
  return label
}

/** The one base URL normaliser (shared/ipc/fields.ts), as the account store reports its refusals. */
export const normaliseBaseUrl = (raw: string): string => parseField(hostBaseUrl, raw)

/** Keys are pasted, so surrounding whitespace is forgiven; whitespace inside means a bad paste. */
export function normaliseApiKey(raw: string): string {
  const key = raw.trim()
  if (key === '') throw invalid('Enter the API key.')
  if (key.length > API_KEY_MAX_CHARS)
    throw invalid(`The API key is longer than ${API_KEY_MAX_CHARS} characters.`)
  if (KEY_FORBIDDEN.test(key))
    throw invalid('The API key contains spaces or control characters; paste it again.')
  return key
}

/**
 * The part of the key kept in the settings file and shown as `••••abcd`: the last 4 characters, but at least 8
 * always stay hidden, so a short key is never (nearly) revealed — a key of 8 characters or fewer shows none.
 */
export function keySuffix(key: string): string {
  const shown = Math.max(0, Math.min(4, key.length - 8))
  return shown === 0 ? '' : key.slice(-shown)
}

export const maskKey = (suffix: string): string => `••••${suffix}`

/** Labels are unique ignoring case, because the CLI finds an account by its label typed in any case. */
export const sameLabel = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()
