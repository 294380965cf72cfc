import type { FiledockError } from '../shared/errors.ts'
import { errorText } from '../shared/i18n/error-text.ts'
import { isUsageError } from './context.ts'
import { cliIntl } from './text.ts'

/**
 * A failure's text in the user's language, as the environment names it (LC_ALL, LC_MESSAGES, LANG): the run's
 * one intl (cli/text.ts; English reads no catalogue). A usage mistake is followed by its command's help, in the
 * same language. `--json` output keeps the English `message`.
 */
export async function inUserLanguage(error: FiledockError, env: NodeJS.ProcessEnv): Promise<string> {
  const help = isUsageError(error) ? error.help : undefined
  if (error.messageId === undefined && help === undefined) return error.message
  const intl = await cliIntl(env)
  const line = error.messageId === undefined || intl.locale === 'en' ? error.message : errorText(intl, error)
  return help === undefined ? line : `${line}\n${help(intl)}`
}
