import { ReactIntlErrorCode } from 'react-intl'

type IntlError = { code: string; message: string }

/**
 * The window loads English as a catalogue too (en.json, compiled), so a missing message is a defect in any
 * language: one the catalogue checks and the build (scripts/vite-i18n.ts) should have caught. A "missing
 * translation" in English is still let pass for the unit tests' English (testing/english.ts), which formats the
 * code's defaultMessages with no catalogue; a message that cannot be formatted is a fault in any language.
 */
export function reportIntlError(err: IntlError, locale: string): void {
  if (err.code === ReactIntlErrorCode.MISSING_TRANSLATION && locale === 'en') return
  console.error(`[intl ${locale}] ${err.code}: ${err.message}`)
}
