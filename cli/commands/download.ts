import { isAbsolute, resolve } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import type { ConflictPolicy, DownloadWhat } from '../../shared/downloads.ts'
import { MAX_CONCURRENCY, MIN_CONCURRENCY } from '../../shared/ipc/limits.ts'
import { type CliContext, folderIdFlag, parseIntFlag, usage } from '../context.ts'
import { downloadHelp } from '../help.ts'
import { dataFlag, parseCommand } from '../options.ts'
import { parseRateFlag } from '../rate-flag.ts'
import { flagMessages } from './upload.ts'

const messages = plainMessages(
  defineMessages({
    onConflict: {
      id: 'cli.errors.download.onConflict',
      defaultMessage: '--on-conflict must be one of {policies}, not {value}.',
    },
    to: { id: 'cli.errors.download.to', defaultMessage: '--to DIR is needed: the folder the files go into.' },
    what: {
      id: 'cli.errors.download.what',
      defaultMessage: 'Say what to download: file codes, --fld_id N or --all.',
    },
    toFolder: { id: 'cli.errors.download.toFolder', defaultMessage: '--to must name a folder.' },
    dryRun: {
      id: 'cli.errors.download.dryRun',
      defaultMessage: '--dry-run needs what to download and --to DIR.',
    },
    oneOf: {
      id: 'cli.errors.download.oneOf',
      defaultMessage: 'Give file codes, --fld_id N or --all: one of them.',
    },
    code: {
      id: 'cli.errors.download.code',
      defaultMessage: "{code} is not a file code: codes are letters and digits, as in a file's link.",
    },
  }),
)

/** Default of --offline-wait, as for upload. */
const OFFLINE_WAIT_SEC = 60
const POLICIES: readonly ConflictPolicy[] = ['skip', 'rename', 'overwrite']
/** A file code as links show it (shared/ipc/fields.ts fileCode, without loading zod for the CLI's start). */
const CODE = /^[A-Za-z0-9]{1,64}$/

const DOWNLOAD_OPTIONS = [
  'fld_id',
  'all',
  'to',
  'account',
  'base-url',
  'concurrency',
  'on-conflict',
  'limit-rate',
  'json',
  'data',
  'retry-failed',
  'offline-wait',
  'dry-run',
] as const

/**
 * `filedock download CODE… | --fld_id N | --all --to DIR [options]`: the host's files onto the local disk, through
 * the same durable queue as uploads (resumable, never a partial file under its name). --to may be relative to the
 * current folder: the CLI resolves it, where the app's contract refuses anything but an absolute path.
 */
export async function downloadCommand(argv: string[], ctx: CliContext): Promise<number> {
  const parsed = await parseCommand(argv, DOWNLOAD_OPTIONS, {
    help: downloadHelp,
    env: ctx.env,
    out: ctx.stdout,
    positionals: true,
  })
  if (parsed === null) return 0
  const { values, positionals } = parsed
  const what = whatOf(positionals, values.fld_id, values.all === true)
  const concurrency = values.concurrency === undefined ? 3 : parseIntFlag('concurrency', values.concurrency)
  if (concurrency < MIN_CONCURRENCY || concurrency > MAX_CONCURRENCY)
    throw usage(flagMessages.concurrency, { min: MIN_CONCURRENCY, max: MAX_CONCURRENCY })
  const onConflict = (values['on-conflict'] ?? 'skip') as ConflictPolicy
  if (!POLICIES.includes(onConflict))
    throw usage(messages.onConflict, { policies: POLICIES.join(', '), value: JSON.stringify(onConflict) })
  const offlineWait =
    values['offline-wait'] === undefined
      ? OFFLINE_WAIT_SEC
      : parseIntFlag('offline-wait', values['offline-wait'])
  if (offlineWait < 0) throw usage(flagMessages.offlineWait)
  const rate = values['limit-rate'] === undefined ? null : parseRateFlag(values['limit-rate'])
  if (what !== null && (values.to === undefined || values.to.trim() === ''))
    throw usage(messages.to, {}, downloadHelp)
  if (what === null && values.to !== undefined) throw usage(messages.what, {}, downloadHelp)
  const to = values.to === undefined ? undefined : resolve(values.to)
  if (to !== undefined && !isAbsolute(to)) throw usage(messages.toFolder)
  const common = { account: values.account, baseUrl: values['base-url'], json: values.json === true }

  if (values['dry-run']) {
    if (what === null || to === undefined) throw usage(messages.dryRun)
    const { downloadDryRun } = await import('../queue/download-dry-run.ts')
    return downloadDryRun(ctx, { ...common, what, to, onConflict })
  }
  const { runQueue } = await import('../queue/run.ts')
  return runQueue(ctx, {
    kind: 'downloads',
    sources: [],
    ...(what !== null && to !== undefined ? { download: { what, to, onConflict } } : {}),
    downloadBytesPerSec: rate,
    fldId: 0,
    ...common,
    dataDir: dataFlag(values.data),
    concurrency,
    format: 'page',
    retryFailed: values['retry-failed'] === true,
    offlineWaitMs: offlineWait * 1000,
    force: false,
  })
}

/** Exactly one of: codes, --fld_id, --all; null when none (finish what earlier runs left). */
function whatOf(codes: string[], fldId: string | undefined, all: boolean): DownloadWhat | null {
  const given = [codes.length > 0, fldId !== undefined, all].filter(Boolean).length
  if (given > 1) throw usage(messages.oneOf)
  if (all) return { all: true }
  if (fldId !== undefined) {
    return { fldId: folderIdFlag(fldId), recursive: true }
  }
  if (codes.length === 0) return null
  const bad = codes.find((c) => !CODE.test(c))
  if (bad !== undefined) throw usage(messages.code, { code: JSON.stringify(bad) })
  return { codes }
}
