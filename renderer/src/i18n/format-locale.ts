import { useIntl } from 'react-intl'

/**
 * The locale of the window's dates, numbers and sizes (regionalFormatsFor: the language's, in the user's region
 * when the OS has one for it). One for the window, set by IntlRoot before anything below it renders, as the size
 * units are: the formatters in lib/ are plain functions called per row, not hooks.
 */
let current = 'en'
let generation = 0

export function setFormatLocale(locale: string): void {
  if (locale === current) return
  current = locale
  generation++
}

export function formatLocale(): string {
  return current
}

/**
 * A formatter built once per locale (building Intl formatters per call would cost the file list one per row
 * scrolled into view), rebuilt on the first call after the language changes.
 */
export function perLocale<T>(make: (locale: string) => T): () => T {
  let made: T | undefined
  let madeFor = -1
  return () => {
    if (madeFor !== generation || made === undefined) {
      made = make(current)
      madeFor = generation
    }
    return made
  }
}

/**
 * For a memoised component that writes dates, numbers or sizes with the plain formatters above, and nothing
 * through intl: its props do not change with the language, so without this it would keep the previous one's
 * digits and dates until it next rendered for another reason. Subscribes it to the window's language.
 */
export function useFormatsFollowLanguage(): void {
  useIntl()
}
