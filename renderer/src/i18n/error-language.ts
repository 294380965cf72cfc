import { useIntl } from 'react-intl'
import type { MessageFormatter } from '../../../shared/i18n/error-text.ts'

/**
 * The window's intl for main's errors (lib/call.ts errorMessage), set by IntlRoot as the format locale is: the
 * fifty places that show an error call a plain function, from hooks, callbacks and .ts modules alike.
 * Before IntlRoot has rendered (and in unit tests without it) there is none, and errors show their English.
 */
let current: MessageFormatter | null = null

export function errorIntl(): MessageFormatter | null {
  return current
}

/** Rendered inside the IntlProvider: main's errors follow the window's language from then on. */
export function ErrorLanguage(): null {
  current = useIntl()
  return null
}
