import type { FiledockError } from '../shared/errors.ts'
import { formatBytes } from '../shared/format-bytes.ts'
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
  const line =
    error.messageId === undefined || intl.locale === 'en' ? error.message : await worded(intl, error, env)
  return help === undefined ? line : `${line}\n${help(intl)}`
}

/**
 * In the user's language, sizes in the units the app's setting names, as the CLI's other lines (loaded here only:
 * reading the setting pulls in its schema, which a run that prints no failure does not need).
 */
async function worded(
  intl: Awaited<ReturnType<typeof cliIntl>>,
  error: FiledockError,
  env: NodeJS.ProcessEnv,
) {
  const { cliSizeUnits } = await import('./size-units.ts')
  const units = cliSizeUnits(env)
  return errorText(intl, error, (bytes) => formatBytes(bytes, units, intl.locale))
}
