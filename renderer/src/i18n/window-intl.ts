import { createIntl, createIntlCache, type IntlShape, useIntl } from 'react-intl'

// English (the code's defaultMessages) until IntlRoot has rendered in the window's language, and in unit tests
// without it: main's errors then show their English `message`, as the English catalogue is empty by design.
let current: IntlShape = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} }, createIntlCache())

/**
 * The window's language for code that runs outside React: main's event stream (app/events.ts) is subscribed
 * before the first render and shows toasts of its own, and the fifty places that show an error call the plain
 * function errorMessage (lib/call.ts) from hooks, callbacks and .ts modules alike.
 */
export function windowIntl(): IntlShape {
  return current
}

/** Rendered inside the IntlProvider: each render in a new language hands its IntlShape over. */
export function WindowLanguage(): null {
  current = useIntl()
  return null
}
