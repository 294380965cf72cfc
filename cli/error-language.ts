import { environmentLanguages, intlFor } from '../core/i18n/main-intl.ts'
import type { FiledockError } from '../shared/errors.ts'
import { errorText } from '../shared/i18n/error-text.ts'
import { resolveLocale } from '../shared/i18n/locales.ts'

/**
 * A failure's line in the user's language, as the environment names it (LC_ALL, LC_MESSAGES, LANG): the
 * catalogue is loaded only then, for an error that has a message in it and a language other than English, so a
 * run that succeeds (or fails in English) reads none. `--json` output keeps the English `message`.
 */
export async function inUserLanguage(error: FiledockError, env: NodeJS.ProcessEnv): Promise<string> {
  if (error.messageId === undefined) return error.message
  const locale = resolveLocale('system', environmentLanguages(env))
  if (locale === 'en') return error.message
  return errorText(await intlFor(locale), error)
}
