import { isAbsolute, resolve } from 'node:path'
import type { ConflictPolicy, DownloadWhat } from '../../shared/downloads.ts'
import { MAX_CONCURRENCY, MIN_CONCURRENCY } from '../../shared/ipc/limits.ts'
import { type CliContext, parseIntFlag, usage } from '../context.ts'
import { downloadHelp } from '../help.ts'
import { dataFlag, parseCommand } from '../options.ts'
import { parseRateFlag } from '../rate-flag.ts'

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
  const parsed = parseCommand(argv, DOWNLOAD_OPTIONS, {
    help: downloadHelp,
    out: ctx.stdout,
    positionals: true,
  })
  if (parsed === null) return 0
  const { values, positionals } = parsed
  const what = whatOf(positionals, values.fld_id, values.all === true)
  const concurrency = values.concurrency === undefined ? 3 : parseIntFlag('concurrency', values.concurrency)
  if (concurrency < MIN_CONCURRENCY || concurrency > MAX_CONCURRENCY)
    throw usage(`--concurrency must be from ${MIN_CONCURRENCY} to ${MAX_CONCURRENCY}.`)
  const onConflict = (values['on-conflict'] ?? 'skip') as ConflictPolicy
  if (!POLICIES.includes(onConflict))
    throw usage(`--on-conflict must be one of ${POLICIES.join(', ')}, not ${JSON.stringify(onConflict)}.`)
  const offlineWait =
    values['offline-wait'] === undefined
      ? OFFLINE_WAIT_SEC
      : parseIntFlag('offline-wait', values['offline-wait'])
  if (offlineWait < 0) throw usage('--offline-wait must be 0 or more seconds.')
  const rate = values['limit-rate'] === undefined ? null : parseRateFlag(values['limit-rate'])
  if (what !== null && (values.to === undefined || values.to.trim() === ''))
    throw usage(`--to DIR is needed: the folder the files go into.\n${downloadHelp()}`)
  if (what === null && values.to !== undefined)
    throw usage(`Say what to download: file codes, --fld_id N or --all.\n${downloadHelp()}`)
  const to = values.to === undefined ? undefined : resolve(values.to)
  if (to !== undefined && !isAbsolute(to)) throw usage('--to must name a folder.')
  const common = { account: values.account, baseUrl: values['base-url'], json: values.json === true }

  if (values['dry-run']) {
    if (what === null || to === undefined) throw usage('--dry-run needs what to download and --to DIR.')
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
  if (given > 1) throw usage('Give file codes, --fld_id N or --all: one of them.')
  if (all) return { all: true }
  if (fldId !== undefined) {
    const id = parseIntFlag('fld_id', fldId)
    if (id < 0) throw usage('--fld_id must be 0 or more (0 is the root folder).')
    return { fldId: id, recursive: true }
  }
  if (codes.length === 0) return null
  const bad = codes.find((c) => !CODE.test(c))
  if (bad !== undefined)
    throw usage(
      `${JSON.stringify(bad)} is not a file code: codes are letters and digits, as in a file's link.`,
    )
  return { codes }
}
