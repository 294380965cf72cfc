import { defineMessages } from '@formatjs/intl'
import { API_KEY_MAX_CHARS, LABEL_MAX_CHARS } from '../../shared/accounts.ts'
import type { ErrorValues } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import { hostBaseUrl, parseField } from '../../shared/ipc/fields.ts'
import { hasUnsafeChar } from '../../shared/unsafe-chars.ts'

const invalid = (text: ErrorMessage, values?: ErrorValues) =>
  translatedError({ kind: 'invalid_input' }, text, values)

const KEY_FORBIDDEN = /[\s\p{Cc}\p{Cf}]/u

export function normaliseLabel(raw: string): string {
  // NFC, so that the same name typed on two keyboards compares equal (labels are unique, case-insensitively).
  const label = raw.trim().normalize('NFC')
  if (label === '') throw invalid(TEXT.noLabel)
  if ([...label].length > LABEL_MAX_CHARS) throw invalid(TEXT.labelTooLong, { max: LABEL_MAX_CHARS })
  // The shared set (shared/unsafe-chars.ts): a label shows in every account list and menu.
  if (hasUnsafeChar(label)) throw invalid(TEXT.labelUnsafe)
  return label
}

/** The one base URL normaliser (shared/ipc/fields.ts), as the account store reports its refusals. */
export const normaliseBaseUrl = (raw: string): string => parseField(hostBaseUrl, raw)

/** Keys are pasted, so surrounding whitespace is forgiven; whitespace inside means a bad paste. */
export function normaliseApiKey(raw: string): string {
  const key = raw.trim()
  if (key === '') throw invalid(TEXT.noKey)
  if (key.length > API_KEY_MAX_CHARS) throw invalid(TEXT.keyTooLong, { max: API_KEY_MAX_CHARS })
  if (KEY_FORBIDDEN.test(key)) throw invalid(TEXT.keyUnsafe)
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

const TEXT = defineMessages({
  noLabel: { id: 'errors.accounts.noLabel', defaultMessage: 'Give the account a name.' },
  labelTooLong: {
    id: 'errors.accounts.labelTooLong',
    defaultMessage: 'The account name is longer than {max, plural, one {# character} other {# characters}}.',
  },
  labelUnsafe: {
    id: 'errors.accounts.labelUnsafe',
    defaultMessage: 'The account name contains control characters or direction marks.',
  },
  noKey: { id: 'errors.accounts.noKey', defaultMessage: 'Enter the API key.' },
  keyTooLong: {
    id: 'errors.accounts.keyTooLong',
    defaultMessage: 'The API key is longer than {max, plural, one {# character} other {# characters}}.',
  },
  keyUnsafe: {
    id: 'errors.accounts.keyUnsafe',
    defaultMessage: 'The API key contains spaces or control characters; paste it again.',
  },
})
