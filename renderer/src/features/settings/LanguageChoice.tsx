import { FormattedMessage, useIntl } from 'react-intl'
import { LOCALE_NAMES, LOCALES, type Locale, resolveLocale } from '../../../../shared/i18n/locales.ts'
import { useUpdateSettings, useUploadSettings } from '../upload/use-upload-settings.ts'

/**
 * The window's language. Each language is named in its own words; "System" says which one the OS gives now. A
 * change applies at once (IntlRoot). The names are never translated (translate="no"): each is already in its own
 * words. The pseudo-locale is not offered: it is for the tests (and stays shown if
 * chosen through the settings file).
 */
export function LanguageChoice() {
  const intl = useIntl()
  const saved = useUploadSettings().data?.language
  const update = useUpdateSettings()
  const system = LOCALE_NAMES[resolveLocale('system', navigator.languages)]
  const offered: Locale[] = [...LOCALES, ...(saved === 'en-XA' ? (['en-XA'] as const) : [])]
  return (
    <label className="preferences-group preferences-select">
      <span className="preferences-label">
        <FormattedMessage id="settings.language.label" defaultMessage="Language" />
      </span>
      <select
        value={saved ?? 'system'}
        disabled={saved === undefined}
        onChange={(e) => {
          // The value of one of the options above (main parses the setting again).
          const chosen = ['system' as const, ...offered].find((value) => value === e.target.value)
          if (chosen !== undefined) update.mutate({ language: chosen })
        }}
      >
        <option value="system">
          {intl.formatMessage(
            { id: 'settings.language.system', defaultMessage: 'System ({language})' },
            { language: system },
          )}
        </option>
        {offered.map((locale) => (
          <option key={locale} value={locale} lang={locale} translate="no">
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  )
}
