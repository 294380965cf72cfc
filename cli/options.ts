import { parseArgs } from 'node:util'
import { MAX_CONCURRENCY, MIN_CONCURRENCY } from '../shared/ipc/limits.ts'
import { usage } from './context.ts'
import { DATA_ENV } from './data-dir.ts'
import { API_KEY_ENV, BASE_URL_ENV } from './key-source.ts'

/** One option of the command line: how node:util parseArgs reads it, and its line in the commands' help. */
interface CliOption {
  type: 'string' | 'boolean'
  /** As the help shows it, e.g. `--fld_id N`. */
  usage: string
  /** The help line; a command whose option means something of its own gives its own line (optionsHelp). */
  help: string
}

/**
 * Every option of upload, remote and watch (and the account options of api), each written once: the commands
 * pick theirs by name, so an option parses and reads the same wherever it appears.
 */
export const cliOptions = {
  fld_id: { type: 'string', usage: '--fld_id N', help: 'target folder on the host (default 0, the root)' },
  account: {
    type: 'string',
    usage: '--account NAME',
    help: `an account saved in the app, by label or id (default: $${BASE_URL_ENV} + $${API_KEY_ENV})`,
  },
  'base-url': {
    type: 'string',
    usage: '--base-url URL',
    help: `the host's address, with $${API_KEY_ENV} (default: $${BASE_URL_ENV})`,
  },
  concurrency: {
    type: 'string',
    usage: '--concurrency N',
    help: `transfers at once, ${MIN_CONCURRENCY} to ${MAX_CONCURRENCY} (default 3)`,
  },
  json: { type: 'boolean', usage: '--json', help: 'one JSON line per item on stdout' },
  format: {
    type: 'string',
    usage: '--format F',
    help: 'link pack format: page, direct, plain, html, markdown, bbcode (default page)',
  },
  data: {
    type: 'string',
    usage: '--data DIR',
    help: `folder of the queue and the history (default: $${DATA_ENV}, else the app's data folder)`,
  },
  'retry-failed': {
    type: 'boolean',
    usage: '--retry-failed',
    help: 'put uploads that failed in earlier runs back in line',
  },
  force: {
    type: 'boolean',
    usage: '--force',
    help:
      'send files even when one of the same name and size is already in the folder\n' +
      '(by default those are skipped and listed as already there, with their links)',
  },
  'offline-wait': {
    type: 'string',
    usage: '--offline-wait SEC',
    help: 'how long to wait for an unreachable host to answer again (default 60)',
  },
  'dry-run': {
    type: 'boolean',
    usage: '--dry-run',
    help:
      'print the plan (to send, already there, folders to create, problems) and change nothing:\n' +
      'no folder is created, nothing is sent, no queue is written (--json: one JSON line each)',
  },
  'allow-html': {
    type: 'boolean',
    usage: '--allow-html',
    help: 'send URLs that turn out to be web pages anyway',
  },
  'no-probe': {
    type: 'boolean',
    usage: '--no-probe',
    help: 'do not check the URLs from this computer (for a URL only the host can reach)',
  },
  'fetch-timeout': {
    type: 'string',
    usage: '--fetch-timeout MIN',
    help: 'how long the host may take to fetch a URL before it is reported failed (default 10)',
  },
  'min-age': {
    type: 'string',
    usage: '--min-age T',
    help: 'how long a file must stay unchanged: 5s (default), 500ms, 2m',
  },
  done: {
    type: 'string',
    usage: '--done DIR',
    help: 'move each file there once its landing is verified (sub-folders kept)',
  },
  to: { type: 'string', usage: '--to DIR', help: 'the local folder the files go into (created if missing)' },
  all: { type: 'boolean', usage: '--all', help: 'the whole account, its folder tree mirrored' },
  'on-conflict': {
    type: 'string',
    usage: '--on-conflict P',
    help:
      'when a name is taken by another file: skip (default: a file of the same size is the\n' +
      'file, already here; another size is kept beside as rename does), rename (keep both:\n' +
      '"name (1).ext"), overwrite (replace it)',
  },
  'limit-rate': {
    type: 'string',
    usage: '--limit-rate R',
    help: 'at most R bytes a second for all downloads together, as curl reads it: 500K, 2M, 1G',
  },
  full: {
    type: 'boolean',
    usage: '--full',
    help: 'verify: read every byte of each file (default: the first and last MiB and 4 seeded\n256 KiB windows, at most 3 MiB a file)',
  },
  seed: {
    type: 'string',
    usage: '--seed N',
    help: 'verify: chooses where the windows fall; the same seed reads the same places (default 0)',
  },
  help: { type: 'boolean', usage: '--help, -h', help: 'this help' },
} as const satisfies Record<string, CliOption>

export type OptionName = keyof typeof cliOptions

/**
 * Parses a command's arguments with the options named (strict: an unknown option is a usage error that shows the
 * command's help). Returns null when --help was asked for: the help is printed and the command is done.
 */
export function parseCommand<const N extends OptionName>(
  argv: string[],
  names: readonly N[],
  o: { help: () => string; out: { write(text: string): unknown }; positionals: boolean },
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
    throw usage(`${(err as Error).message}\n${o.help()}`)
  }
  if ((parsed.values as { help?: boolean }).help === true) {
    o.out.write(o.help())
    return null
  }
  return parsed
}

/**
 * The help lines of the options named, in that order; `[name, line]` replaces the shared line where an option
 * means something of the command's own (what --json prints, what --data holds).
 */
export function optionsHelp(entries: readonly (OptionName | readonly [OptionName, string])[]): string {
  return entries
    .map((e) => {
      const [name, help] = typeof e === 'string' ? [e, cliOptions[e].help] : e
      const [first, ...more] = help.split('\n')
      return [
        `  ${cliOptions[name].usage.padEnd(19)} ${first}`,
        ...more.map((l) => `${' '.repeat(22)}${l}`),
      ].join('\n')
    })
    .join('\n')
}

/** `--data DIR`: absent is the default folder; an empty value is a mistake, not the current folder. */
export function dataFlag(value: string | undefined): string | undefined {
  if (value !== undefined && value.trim() === '') throw usage('--data needs a folder.')
  return value
}
