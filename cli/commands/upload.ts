import { defineMessages } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { MAX_CONCURRENCY, MIN_CONCURRENCY } from '../../shared/ipc/limits.ts'
import { isLinkFormat, type LinkFormat, linkFormats } from '../../shared/links.ts'
import { type CliContext, parseIntFlag, targetFolderFlag, usage } from '../context.ts'
import { remoteHelp, uploadHelp } from '../help.ts'
import { dataFlag, parseCommand } from '../options.ts'

/** Default of --offline-wait: long enough for a dropped Wi-Fi to come back, short enough for a script. */
const OFFLINE_WAIT_SEC = 60

/** `filedock upload PATH… [options]`: files and folders (mirrored) through the upload queue. */
export function uploadCommand(argv: string[], ctx: CliContext): Promise<number> {
  return queueCommand('paths', argv, ctx)
}

/** `filedock remote URL… [options]`: the host fetches each URL, through the same queue. */
export function remoteCommand(argv: string[], ctx: CliContext): Promise<number> {
  return queueCommand('urls', argv, ctx)
}

/** The flag mistakes of upload, remote and download (download shares the first two). */
export const flagMessages = plainMessages(
  defineMessages({
    concurrency: {
      id: 'cli.errors.flag.concurrency',
      defaultMessage: '--concurrency must be from {min, number} to {max, number}.',
    },
    offlineWait: {
      id: 'cli.errors.flag.offlineWait',
      defaultMessage: '--offline-wait must be 0 or more seconds.',
    },
    format: {
      id: 'cli.errors.flag.format',
      defaultMessage: '--format must be one of {formats}, not {value}.',
    },
    remoteOnly: { id: 'cli.errors.flag.remoteOnly', defaultMessage: '--{flag} is for filedock remote.' },
    fetchTimeout: {
      id: 'cli.errors.flag.fetchTimeout',
      defaultMessage: '--fetch-timeout must be at least 1 minute.',
    },
    dryRunNeeds: {
      id: 'cli.errors.flag.dryRunNeeds',
      defaultMessage: '--dry-run needs {kind, select, paths {files or folders} other {URLs}}.',
    },
  }),
)

/** The options of upload and remote; the last three are remote's (upload refuses them, saying where they go). */
const QUEUE_OPTIONS = [
  'fld_id',
  'account',
  'base-url',
  'concurrency',
  'json',
  'format',
  'data',
  'retry-failed',
  'force',
  'offline-wait',
  'dry-run',
  'allow-html',
  'no-probe',
  'fetch-timeout',
] as const

async function queueCommand(kind: 'paths' | 'urls', argv: string[], ctx: CliContext): Promise<number> {
  const help = kind === 'paths' ? uploadHelp : remoteHelp
  const parsed = await parseCommand(argv, QUEUE_OPTIONS, {
    help,
    env: ctx.env,
    out: ctx.stdout,
    positionals: true,
  })
  if (parsed === null) return 0
  const { values, positionals } = parsed
  const fldId = targetFolderFlag(values.fld_id)
  const concurrency = values.concurrency === undefined ? 3 : parseIntFlag('concurrency', values.concurrency)
  if (concurrency < MIN_CONCURRENCY || concurrency > MAX_CONCURRENCY)
    throw usage(flagMessages.concurrency, { min: MIN_CONCURRENCY, max: MAX_CONCURRENCY })
  const offlineWait =
    values['offline-wait'] === undefined
      ? OFFLINE_WAIT_SEC
      : parseIntFlag('offline-wait', values['offline-wait'])
  if (offlineWait < 0) throw usage(flagMessages.offlineWait)
  const format = values.format ?? 'page'
  if (!isLinkFormat(format))
    throw usage(flagMessages.format, { formats: linkFormats.join(', '), value: JSON.stringify(format) })
  const dataDir = dataFlag(values.data)
  const urlFlags = ['allow-html', 'no-probe', 'fetch-timeout'] as const
  const misplaced = kind === 'paths' && urlFlags.find((f) => values[f] !== undefined)
  if (misplaced) throw usage(flagMessages.remoteOnly, { flag: misplaced }, help)
  const fetchTimeoutMin =
    values['fetch-timeout'] === undefined ? 10 : parseIntFlag('fetch-timeout', values['fetch-timeout'])
  if (fetchTimeoutMin < 1) throw usage(flagMessages.fetchTimeout)

  const urlCheck: { webPages: 'skip' | 'upload' } | null = values['no-probe']
    ? null
    : { webPages: values['allow-html'] ? 'upload' : 'skip' }
  if (values['dry-run']) {
    if (positionals.length === 0) throw usage(flagMessages.dryRunNeeds, { kind })
    const { dryRun } = await import('../queue/dry-run.ts')
    return dryRun(ctx, {
      kind,
      sources: positionals,
      fldId,
      account: values.account,
      baseUrl: values['base-url'],
      json: values.json === true,
      force: values.force === true,
      urlCheck,
    })
  }
  const { runQueue } = await import('../queue/run.ts')
  return runQueue(ctx, {
    kind,
    sources: positionals,
    fldId,
    account: values.account,
    baseUrl: values['base-url'],
    dataDir,
    concurrency,
    json: values.json === true,
    format: format as LinkFormat,
    retryFailed: values['retry-failed'] === true,
    offlineWaitMs: offlineWait * 1000,
    force: values.force === true,
    ...(kind === 'urls'
      ? {
          urlCheck,
          remoteTimeoutMs: fetchTimeoutMin * 60_000,
        }
      : {}),
  })
}
