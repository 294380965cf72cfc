import type { IntlShape } from '@formatjs/intl'
import type { Locale } from '../shared/i18n/locales.ts'
import { lazy } from '../shared/lazy.ts'

/** The intl of each language asked for in this process (one per language: tests run several in one process). */
const intlOf = lazy(async (locale: Locale) => (await import('../core/i18n/intl-for.ts')).intlFor(locale))

/**
 * The CLI's words: main's intl (core/i18n intlFor) in the language the environment names (LC_ALL, then
 * LC_MESSAGES, then LANG), made once per language, at the first line a person reads. Loaded on demand: a run that
 * prints no human text (`api`, `--json` output, `--version`) loads no i18n at all, and English reads no catalogue
 * (each message's English is its defaultMessage in the code).
 */
export async function cliIntl(env: NodeJS.ProcessEnv): Promise<IntlShape> {
  const { environmentLanguages } = await import('../core/i18n/intl-for.ts')
  const languages = environmentLanguages(env)
  const locale = namesEnglish(languages[0])
    ? 'en'
    : (await import('../shared/i18n/locales.ts')).resolveLocale('system', languages)
  return intlOf(locale)
}

/**
 * A first language that is English (en, en_US.UTF-8, en-GB@euro) resolves to English whatever follows it: said
 * at once, without the language matcher and its tables (and zod, which its module brings), which the help and
 * every line of an English run would otherwise load. Anything else goes to resolveLocale.
 */
function namesEnglish(tag: string | undefined): boolean {
  return tag !== undefined && /^en(?:[-_.@]|$)/i.test(tag)
}
