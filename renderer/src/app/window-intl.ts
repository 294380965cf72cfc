import { createIntl, createIntlCache, type IntlShape, useIntl } from 'react-intl'

// English (the code's defaultMessages) until the window has rendered in its language.
let current: IntlShape = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} }, createIntlCache())

/**
 * The window's language for the code that runs outside React: main's event stream (events.ts) is subscribed
 * before the first render and shows toasts of its own. It reads the IntlShape of the last render, as IntlRoot
 * sets the locale of dates and numbers at render.
 */
export function windowIntl(): IntlShape {
  return current
}

/** Called by the App, inside IntlRoot: each render in a new language hands its IntlShape over. */
export function useWindowIntl(): void {
  current = useIntl()
}
