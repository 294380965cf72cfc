import { createIntl, createIntlCache, type IntlShape } from 'react-intl'
import { reportIntlError } from '../intl-errors.ts'

/** The window's English, for unit tests of functions that take an IntlShape (the code's defaultMessages). */
export const englishIntl: IntlShape = createIntl(
  { locale: 'en', defaultLocale: 'en', messages: {}, onError: (err) => reportIntlError(err, 'en') },
  createIntlCache(),
)
