import { parseArgs } from 'node:util'
import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from '@formatjs/intl'
import { plainMessages } from '../core/i18n/written-message.ts'
import { MAX_CONCURRENCY, MIN_CONCURRENCY } from '../shared/ipc/limits.ts'
import { argsRefusal } from './args-refusal.ts'
import { type HelpText, usage } from './context.ts'
import { DATA_ENV } from './data-dir.ts'
import { API_KEY_ENV, BASE_URL_ENV } from './key-source.ts'
import { cliIntl } from './text.ts'

/** One option of the command line: how node:util parseArgs reads it, and its line in the commands' help. */
interface CliOption {
  type: 'string' | 'boolean'
  /** As the help shows it, e.g. `--fld_id N`. */
  usage: string
  /** The help line; a command whose option means something of its own gives its own line (optionsHelp). */
  help: MessageDescriptor
}

/** What the help lines name: environment variables and limits, never translated. */
export const HELP_VALUES = {
  baseUrlEnv: `$${BASE_URL_ENV}`,
  keyEnv: `$${API_KEY_ENV}`,
  dataEnv: `$${DATA_ENV}`,
  min: MIN_CONCURRENCY,
  max: MAX_CONCURRENCY,
}

/**
 * Every option of upload, remote and watch (and the account options of api), each written once: the commands
 * pick theirs by name, so an option parses and reads the same wherever it appears. A help line that wraps has a
 * line break in its message.
 */
export const cliOptions = {
  fld_id: {
    type: 'string',
    usage: '--fld_id N',
    help: defineMessage({
      id: 'cli.option.fldId',
      defaultMessage: 'target folder on the host (default 0, the root)',
    }),
  },
  account: {
    type: 'string',
    usage: '--account NAME',
    help: defineMessage({
      id: 'cli.option.account',
      defaultMessage: 'an account saved in the app, by label or id (default: {baseUrlEnv} + {keyEnv})',
    }),
  },
  'base-url': {
    type: 'string',
    usage: '--base-url URL',
    help: defineMessage({
      id: 'cli.option.baseUrl',
      defaultMessage: "the host's address, with {keyEnv} (default: {baseUrlEnv})",
    }),
  },
  concurrency: {
    type: 'string',
    usage: '--concurrency N',
    help: defineMessage({
      id: 'cli.option.concurrency',
      defaultMessage: 'transfers at once, {min, number} to {max, number} (default 3)',
    }),
  },
  json: {
    type: 'boolean',
    usage: '--json',
    help: defineMessage({ id: 'cli.option.json', defaultMessage: 'one JSON line per item on stdout' }),
  },
  format: {
    type: 'string',
    usage: '--format F',
    help: defineMessage({
      id: 'cli.option.format',
      defaultMessage: 'link pack format: page, direct, plain, html, markdown, bbcode (default page)',
    }),
  },
  data: {
    type: 'string',
    usage: '--data DIR',
    help: defineMessage({
      id: 'cli.option.data',
      defaultMessage: "folder of the queue and the history (default: {dataEnv}, else the app's data folder)",
    }),
  },
  'retry-failed': {
    type: 'boolean',
    usage: '--retry-failed',
    help: defineMessage({
      id: 'cli.option.retryFailed',
      defaultMessage: 'put uploads that failed in earlier runs back in line',
    }),
  },
  force: {
    type: 'boolean',
    usage: '--force',
    help: defineMessage({
      id: 'cli.option.force',
      defaultMessage:
        'send files even when one of the same name and size is already in the folder\n(by default those are skipped and listed as already there, with their links)',
    }),
  },
  'offline-wait': {
    type: 'string',
    usage: '--offline-wait SEC',
    help: defineMessage({
      id: 'cli.option.offlineWait',
      defaultMessage: 'how long to wait for an unreachable host to answer again (default 60)',
    }),
  },
  'dry-run': {
    type: 'boolean',
    usage: '--dry-run',
    help: defineMessage({
      id: 'cli.option.dryRun',
      defaultMessage:
        'print the plan (to send, already there, folders to create, problems) and change nothing:\nno folder is created, nothing is sent, no queue is written (--json: one JSON line each)',
    }),
  },
  'allow-html': {
    type: 'boolean',
    usage: '--allow-html',
    help: defineMessage({
      id: 'cli.option.allowHtml',
      defaultMessage: 'send URLs that turn out to be web pages anyway',
    }),
  },
  'no-probe': {
    type: 'boolean',
    usage: '--no-probe',
    help: defineMessage({
      id: 'cli.option.noProbe',
      defaultMessage: 'do not check the URLs from this computer (for a URL only the host can reach)',
    }),
  },
  'fetch-timeout': {
    type: 'string',
    usage: '--fetch-timeout MIN',
    help: defineMessage({
      id: 'cli.option.fetchTimeout',
      defaultMessage: 'how long the host may take to fetch a URL before it is reported failed (default 10)',
    }),
  },
  'min-age': {
    type: 'string',
    usage: '--min-age T',
    help: defineMessage({
      id: 'cli.option.minAge',
      defaultMessage: 'how long a file must stay unchanged: 5s (default), 500ms, 2m',
    }),
  },
  done: {
    type: 'string',
    usage: '--done DIR',
    help: defineMessage({
      id: 'cli.option.done',
      defaultMessage: 'move each file there once its landing is verified (sub-folders kept)',
    }),
  },
  to: {
    type: 'string',
    usage: '--to DIR',
    help: defineMessage({
      id: 'cli.option.to',
      defaultMessage: 'the local folder the files go into (created if missing)',
    }),
  },
  all: {
    type: 'boolean',
    usage: '--all',
    help: defineMessage({
      id: 'cli.option.all',
      defaultMessage: 'the whole account, its folder tree mirrored',
    }),
  },
  'on-conflict': {
    type: 'string',
    usage: '--on-conflict P',
    help: defineMessage({
      id: 'cli.option.onConflict',
      defaultMessage:
        'when a name is taken by another file: skip (default: a file of the same size is the\nfile, already here; another size is kept beside as rename does), rename (keep both:\n"name (1).ext"), overwrite (replace it)',
    }),
  },
  'limit-rate': {
    type: 'string',
    usage: '--limit-rate R',
    help: defineMessage({
      id: 'cli.option.limitRate',
      defaultMessage: 'at most R bytes a second for all downloads together, as curl reads it: 500K, 2M, 1G',
    }),
  },
  full: {
    type: 'boolean',
    usage: '--full',
    help: defineMessage({
      id: 'cli.option.full',
      defaultMessage:
        'verify: read every byte of each file (default: the first and last MiB and 4 seeded\n256 KiB windows, at most 3 MiB a file)',
    }),
  },
  seed: {
    type: 'string',
    usage: '--seed N',
    help: defineMessage({
      id: 'cli.option.seed',
      defaultMessage:
        'verify: chooses where the windows fall; the same seed reads the same places (default 0)',
    }),
  },
  help: {
    type: 'boolean',
    usage: '--help, -h',
    help: defineMessage({ id: 'cli.option.help', defaultMessage: 'this help' }),
  },
} as const satisfies Record<string, CliOption>

export type OptionName = keyof typeof cliOptions

/**
 * Parses a command's arguments with the options named (strict: an unknown option is a usage error that shows the
 * command's help). Returns null when --help was asked for: the help is printed and the command is done. The help's
 * words (the run's intl) are made only then.
 */
export async function parseCommand<const N extends OptionName>(
  argv: string[],
  names: readonly N[],
  o: { help: HelpText; env: NodeJS.ProcessEnv; out: { write(text: string): unknown }; positionals: boolean },
) {
  const options = {} as { [K in N | 'help']: { type: (typeof cliOptions)[K]['type'] } }
  for (const name of [...names, 'help' as const]) {
    ;(options as Record<string, { type: string; short?: string }>)[name] = {
      type: cliOptions[name].type,
      ...(name === 'help' ? { short: 'h' } : {}),
    }
  }
  const parse = () => parseArgs({ args: argv, options, strict: true, allowPositionals: o.positionals })
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse()
  } catch (err) {
    throw argsRefusal(err, { args: argv, options, allowPositionals: o.positionals }, o.help)
  }
  if ((parsed.values as { help?: boolean }).help === true) {
    o.out.write(o.help(await cliIntl(o.env)))
    return null
  }
  return parsed
}

/** An option's line of one command's own: `[name, message]`, with the values the message names. */
type OwnLine = readonly [OptionName, MessageDescriptor, Record<string, string | number>?]

/**
 * The help lines of the options named, in that order; `[name, message, values?]` replaces the shared line where
 * an option means something of the command's own (what --json prints, what --data holds).
 */
export function optionsHelp(intl: IntlShape, entries: readonly (OptionName | OwnLine)[]): string {
  return entries
    .map((e) => {
      const [name, help, values]: OwnLine = typeof e === 'string' ? [e, cliOptions[e].help, HELP_VALUES] : e
      const [first, ...more] = intl.formatMessage(help, values ?? {}).split('\n')
      return [
        `  ${cliOptions[name].usage.padEnd(19)} ${first}`,
        ...more.map((l) => `${' '.repeat(22)}${l}`),
      ].join('\n')
    })
    .join('\n')
}

const messages = plainMessages(
  defineMessages({
    data: { id: 'cli.errors.dataFolder', defaultMessage: '--data needs a folder.' },
  }),
)

/** `--data DIR`: absent is the default folder; an empty value is a mistake, not the current folder. */
export function dataFlag(value: string | undefined): string | undefined {
  if (value !== undefined && value.trim() === '') throw usage(messages.data)
  return value
}
