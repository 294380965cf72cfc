import { defineMessages } from '@formatjs/intl'
import { plainMessages } from '../core/i18n/written-message.ts'
import type { FiledockError } from '../shared/errors.ts'
import { translatedError } from '../shared/i18n/error-text.ts'
import { usage } from './context.ts'
import { API_KEY_ENV } from './key-source.ts'
import { cliIntl } from './text.ts'

/**
 * The failures the entry itself finds (main.ts, key-source.ts), in a module of their own that the entry loads
 * only to throw one: a run that goes well starts without the i18n library.
 */
const messages = plainMessages(
  defineMessages({
    unknownCommand: {
      id: 'cli.errors.unknownCommand',
      defaultMessage: 'Unknown command {command}. See: filedock --help',
    },
    keyFlag: {
      id: 'cli.errors.keyFlag',
      defaultMessage:
        '{flag} is not accepted: command-line arguments are visible to other users (ps, shell history). Set {keyEnv} in the environment, or pick an account saved in the app with --account NAME.',
    },
    internal: { id: 'cli.errors.internal', defaultMessage: 'filedock: internal error: {reason}' },
    noKey: {
      id: 'cli.errors.noKey',
      defaultMessage:
        'No API key: set {keyEnv} in the environment (the key is never taken as a flag), or use an account saved in the app with --account NAME.',
    },
  }),
)

export function unknownCommand(command: string): FiledockError {
  return usage(messages.unknownCommand, { command: JSON.stringify(command) })
}

export function keyFlagRefused(flag: string): FiledockError {
  return usage(messages.keyFlag, { flag, keyEnv: API_KEY_ENV })
}

export function noKey(): FiledockError {
  return translatedError({ kind: 'auth' }, messages.noKey, { keyEnv: API_KEY_ENV })
}

/** A bug's line: the words in the user's language, the error's own text (a program's, English) as it is. */
export async function internalError(env: NodeJS.ProcessEnv, reason: string): Promise<string> {
  return (await cliIntl(env)).formatMessage(messages.internal, { reason })
}
