import { ReactIntlErrorCode } from 'react-intl'

type IntlError = { code: string; message: string }

/**
 * English has no catalogue (each message's defaultMessage is its English), so a "missing translation" there is
 * the design, not a fault. Elsewhere a missing message is a defect the catalogue checks should have caught (the
 * English text is shown meanwhile); a message that cannot be formatted is one in any language.
 */
export function reportIntlError(err: IntlError, locale: string): void {
  if (err.code === ReactIntlErrorCode.MISSING_TRANSLATION && locale === 'en') return
  console.error(`[intl ${locale}] ${err.code}: ${err.message}`)
}
