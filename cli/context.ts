import type { Writable } from 'node:stream'
import { defineMessages, type IntlShape } from '@formatjs/intl'
import type { ApiClient } from '../core/api/client.ts'
import { plainMessages } from '../core/i18n/written-message.ts'
import { type ErrorValues, FiledockError } from '../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../shared/i18n/error-text.ts'
import type { KeySource } from './key-source.ts'

/** What a command needs from the outside world; main.ts builds it from the process. */
export interface CliContext {
  env: NodeJS.ProcessEnv
  stdout: Writable
  stderr: Writable
  /** Aborted on Ctrl-C. */
  signal: AbortSignal
  keySource: KeySource
}

/** A command's help in one language (cli/help.ts). */
export type HelpText = (intl: IntlShape) => string

/** A usage mistake, followed on stderr by the command's help when it has one (in the user's language). */
export class UsageError extends FiledockError {
  help?: HelpText
}

export function isUsageError(error: unknown): error is UsageError {
  return error instanceof UsageError
}

/** A usage mistake: exit code 2, the message says what to type instead. */
export function usage(text: ErrorMessage, values?: ErrorValues, help?: HelpText): UsageError {
  const error = new UsageError(translatedError({ kind: 'invalid_input' }, text, values).toJSON())
  if (help !== undefined) error.help = help
  return error
}

const messages = plainMessages(
  defineMessages({
    wholeNumber: {
      id: 'cli.errors.flag.wholeNumber',
      defaultMessage: '--{name} must be a whole number, not {value}.',
    },
    folderId: {
      id: 'cli.errors.flag.folderId',
      defaultMessage: '--fld_id must be 0 or more (0 is the root folder).',
    },
  }),
)

/**
 * The client for this run: `--account NAME` (a keychain account), else --base-url / FILEDOCK_BASE_URL with the key
 * from the key source.
 */
export async function createClient(
  ctx: CliContext,
  o: { baseUrl?: string | undefined; account?: string | undefined },
): Promise<ApiClient> {
  const { resolveTarget } = await import('./credentials.ts')
  return (await resolveTarget(ctx, o)).client
}

/** Parses a whole number given on the command line (range checks are the client's). */
export function parseIntFlag(name: string, value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw usage(messages.wholeNumber, { name, value: JSON.stringify(value) })
  return Number(value)
}

/** The one check of a `--fld_id` value (upload, remote, watch, verify, download). */
export function folderIdFlag(value: string): number {
  const fldId = parseIntFlag('fld_id', value)
  if (fldId < 0) throw usage(messages.folderId)
  return fldId
}

/** `--fld_id` of upload, remote and watch: the folder files go to; absent means the root (0). */
export function targetFolderFlag(value: string | undefined): number {
  return value === undefined ? 0 : folderIdFlag(value)
}

export function writeJson(out: Writable, value: unknown, pretty: boolean): void {
  out.write(`${JSON.stringify(value === undefined ? true : value, null, pretty ? 2 : undefined)}\n`)
}
