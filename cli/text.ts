import type { IntlShape } from '@formatjs/intl'
import type { Locale } from '../shared/i18n/locales.ts'

/** The intl of each language asked for in this process (one per language: tests run several in one process). */
const made = new Map<Locale, Promise<IntlShape>>()

/**
 * The CLI's words: main's one intl (core/i18n/main-intl.ts intlFor) in the language the environment names
 * (LC_ALL, then LC_MESSAGES, then LANG), made once, at the first line a person reads. Loaded on demand: a run
 * that prints no human text (`api`, `--json` output, `--version`) loads no i18n at all, and English reads no
 * catalogue (each message's English is its defaultMessage in the code).
 */
export async function cliIntl(env: NodeJS.ProcessEnv): Promise<IntlShape> {
  const [{ environmentLanguages, intlFor }, { resolveLocale }] = await Promise.all([
    import('../core/i18n/main-intl.ts'),
    import('../shared/i18n/locales.ts'),
  ])
  const locale = resolveLocale('system', environmentLanguages(env))
  let intl = made.get(locale)
  if (intl === undefined) {
    intl = intlFor(locale)
    made.set(locale, intl)
  }
  return intl
}
