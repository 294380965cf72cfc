import { DirectionProvider } from '@radix-ui/react-direction'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useLayoutEffect } from 'react'
import { IntlProvider } from 'react-intl'
import { directionOf, type Locale, regionalFormatsFor, resolveLocale } from '../../../shared/i18n/locales.ts'
import { useUploadSettings } from '../features/upload/use-upload-settings.ts'
import { keys } from '../lib/query-keys.ts'
import { loadCatalogue } from './catalogues.ts'
import { setFormatLocale } from './format-locale.ts'
import { reportIntlError } from './intl-errors.ts'
import { WindowLanguage } from './window-intl.ts'

/**
 * The window in the user's language: the saved setting ('system' follows the OS, which Chromium and Electron
 * give as navigator.languages), its catalogue, `lang` and `dir` on <html> (Arabic lays the window out right to
 * left: the CSS uses logical properties; Radix's menus and dialogs, which place themselves and move by arrow keys
 * in script, are told the same direction), and the locale of dates, numbers and sizes. A change in Settings
 * re-renders the window in place, with no restart and nothing lost: the previous catalogue stays on screen until
 * the next one has loaded.
 */
export function IntlRoot({ children }: { children: React.ReactNode }) {
  const settings = useUploadSettings()
  const setting = settings.data?.language ?? 'system'
  const locale = resolveLocale(setting, navigator.languages)
  const catalogue = useQuery({
    queryKey: keys.catalogue(locale),
    queryFn: async () => ({ locale, messages: await loadCatalogue(locale) }),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  })
  // The catalogue on screen may still be the previous language's while the new one loads: all follows it.
  const shown: Locale = catalogue.isPlaceholderData ? (catalogue.data?.locale ?? 'en') : locale
  setFormatLocale(regionalFormatsFor(shown, navigator.languages))
  const dir = directionOf(shown)
  useLayoutEffect(() => {
    document.documentElement.lang = shown
    document.documentElement.dir = dir
  }, [shown, dir])
  // Until the settings have answered (a moment), nothing: an English flash before a Turkish window is worse.
  if (settings.isPending || catalogue.data === undefined) return null
  return (
    <IntlProvider
      locale={shown}
      defaultLocale="en"
      messages={catalogue.data.messages}
      onError={(err) => reportIntlError(err, shown)}
    >
      <WindowLanguage />
      <DirectionProvider dir={dir}>{children}</DirectionProvider>
    </IntlProvider>
  )
}
