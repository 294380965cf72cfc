import { parseArgs } from 'node:util'
import { MAX_CONCURRENCY, MIN_CONCURRENCY } from '../../shared/ipc/limits.ts'
import { isLinkFormat, type LinkFormat, linkFormats } from '../../shared/links.ts'
import { type CliContext, parseIntFlag, targetFolderFlag, usage } from '../context.ts'
import { remoteHelp, uploadHelp } from '../help.ts'

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

async function queueCommand(kind: 'paths' | 'urls', argv: string[], ctx: CliContext): Promise<number> {
  const help = kind === 'paths' ? uploadHelp : remoteHelp
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (err) {
    throw usage(`${(err as Error).message}\n${help()}`)
  }
  const { values, positionals } = parsed
  if (values.help) {
    ctx.stdout.write(help())
    return 0
  }
  const fldId = targetFolderFlag(values.fld_id)
  const concurrency = values.concurrency === undefined ? 3 : parseIntFlag('concurrency', values.concurrency)
  if (concurrency < MIN_CONCURRENCY || concurrency > MAX_CONCURRENCY)
    throw usage(`--concurrency must be from ${MIN_CONCURRENCY} to ${MAX_CONCURRENCY}.`)
  const offlineWait =
    values['offline-wait'] === undefined
      ? OFFLINE_WAIT_SEC
      : parseIntFlag('offline-wait', values['offline-wait'])
  if (offlineWait < 0) throw usage('--offline-wait must be 0 or more seconds.')
  const format = values.format ?? 'page'
  if (!isLinkFormat(format))
    throw usage(`--format must be one of ${linkFormats.join(', ')}, not ${JSON.stringify(format)}.`)
  if (values.data !== undefined && values.data.trim() === '') throw usage('--data needs a folder.')
  const urlFlags = ['allow-html', 'no-probe', 'fetch-timeout'] as const
  const misplaced = kind === 'paths' && urlFlags.find((f) => values[f] !== undefined)
  if (misplaced) throw usage(`--${misplaced} is for filedock remote.\n${help()}`)
  const fetchTimeoutMin =
    values['fetch-timeout'] === undefined ? 10 : parseIntFlag('fetch-timeout', values['fetch-timeout'])
  if (fetchTimeoutMin < 1) throw usage('--fetch-timeout must be at least 1 minute.')

  const urlCheck: { webPages: 'skip' | 'upload' } | null = values['no-probe']
    ? null
    : { webPages: values['allow-html'] ? 'upload' : 'skip' }
  if (values['dry-run']) {
    if (positionals.length === 0)
      throw usage(`--dry-run needs ${kind === 'paths' ? 'files or folders' : 'URLs'}.`)
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
    dataDir: values.data,
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

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      fld_id: { type: 'string' },
      account: { type: 'string' },
      'base-url': { type: 'string' },
      concurrency: { type: 'string' },
      data: { type: 'string' },
      json: { type: 'boolean' },
      format: { type: 'string' },
      'retry-failed': { type: 'boolean' },
      force: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      'allow-html': { type: 'boolean' },
      'no-probe': { type: 'boolean' },
      'fetch-timeout': { type: 'string' },
      'offline-wait': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  })
}
