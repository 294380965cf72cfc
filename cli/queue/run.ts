import { defineMessages, type IntlShape } from '@formatjs/intl'
import { hostFilesFromApi } from '../../core/download/host-files.ts'
import { HistoryStore } from '../../core/history/history-store.ts'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { buildLinkPack } from '../../core/links/build-link-pack.ts'
import { planDownloads } from '../../core/queue/download-plan.ts'
import { UploadEngine } from '../../core/queue/engine.ts'
import type { ConflictPolicy, DownloadWhat } from '../../shared/downloads.ts'
import { isFiledockError } from '../../shared/errors.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import { errorText, translatedError } from '../../shared/i18n/error-text.ts'
import { lazy } from '../../shared/lazy.ts'
import type { LinkFormat } from '../../shared/links.ts'
import type {
  BatchDownload,
  EnqueueResult,
  QueueEvent,
  QueueItemView,
  QueueResultEntry,
} from '../../shared/queue.ts'
import type { WebPageChoice } from '../../shared/url-check.ts'
import type { CliContext } from '../context.ts'
import { resolveTarget } from '../credentials.ts'
import { cliDataDirs } from '../data-dir.ts'
import { exitCodeFor, exitCodes } from '../exit-codes.ts'
import { claimLeftovers, newRunFolder, removeRunFolder } from '../run-folders.ts'
import { cliSizeUnits } from '../size-units.ts'
import { targetFolderProblem } from '../target-folder.ts'
import { cliIntl } from '../text.ts'
import { raceAbort } from './abort.ts'
import { QueueAccounts } from './accounts.ts'
import { alreadyHereLine, downloadLine, problemLine, problemText } from './download-output.ts'
import { failureMessage, isLeftOut, itemLine, problemMessage, writeLine } from './output.ts'
import { ProgressBar } from './progress-bar.ts'
import { triage } from './resume.ts'
import { RunTracker } from './tracker.ts'
import { type Outcome, RunWaiter } from './wait.ts'

export interface QueueRunOptions {
  kind: 'paths' | 'urls' | 'downloads'
  /** Paths or URLs to add; none: only finish what the queue holds. */
  sources: string[]
  /** `filedock download`: what to download, where; absent: only finish what the queue holds. */
  download?: { what: DownloadWhat; to: string; onConflict: ConflictPolicy }
  /** Downloads: all of them together at most this many bytes a second (--limit-rate). */
  downloadBytesPerSec?: number | null
  fldId: number
  account: string | undefined
  baseUrl: string | undefined
  dataDir: string | undefined
  concurrency: number
  json: boolean
  format: LinkFormat
  retryFailed: boolean
  offlineWaitMs: number
  /** Send files even when the same name and size is already in the target folder (--force). */
  force: boolean
  /** URLs: checked from here before sending (the default), or not at all with --no-probe (null). */
  urlCheck?: { webPages: WebPageChoice } | null
  /** URLs: how long the host may take to fetch one (--fetch-timeout). */
  remoteTimeoutMs?: number
}

/**
 * The run's lines. `{kind}` is the run's: paths and urls move uploads, downloads downloads; a rerun names its
 * command. Scripts read `--json`, never these lines: they count in proper plurals in every language.
 */
const m = plainMessages(
  defineMessages({
    waiting: {
      id: 'cli.queue.waiting',
      defaultMessage:
        'filedock: {kind, select, downloads {{items, plural, one {# download for {account} stays} other {# downloads for {account} stay}}} other {{items, plural, one {# upload for {account} stays} other {# uploads for {account} stay}}}} in the queue: {reason}',
    },
    alreadyOpen: {
      id: 'cli.errors.queue.alreadyOpen',
      defaultMessage: '{reason} Wait for it, or pass --data DIR.',
    },
    nothingToDo: {
      id: 'cli.errors.queue.nothingToDo',
      defaultMessage:
        'Nothing to do: {kind, select, paths {give files or folders to upload} urls {give URLs to upload} other {give file codes, --fld_id N or --all, and --to DIR}} (the queue has nothing unfinished).',
    },
    nothingQueued: { id: 'cli.queue.nothingQueued', defaultMessage: 'filedock: nothing was queued.' },
    rerun: { id: 'cli.queue.rerun', defaultMessage: 'Run `{command}` to finish them.' },
    interrupted: {
      id: 'cli.queue.interrupted',
      defaultMessage:
        'filedock: stopped; {kind, select, downloads {{left, plural, one {# download stays} other {# downloads stay}}} other {{left, plural, one {# upload stays} other {# uploads stay}}}} in the queue ({kind, select, downloads {they continue from the bytes they have} other {any that were running start again from the beginning}}). {rerun}',
    },
    auth: {
      id: 'cli.queue.auth',
      defaultMessage:
        'filedock: {reason} {kind, select, downloads {{left, plural, one {# download stays} other {# downloads stay}}} other {{left, plural, one {# upload stays} other {# uploads stay}}}} in the queue. {rerun}',
    },
    offline: {
      id: 'cli.queue.offline',
      defaultMessage:
        'filedock: {host} could not be reached for {seconds, number} s (see --offline-wait); {kind, select, downloads {{left, plural, one {# download stays} other {# downloads stay}}} other {{left, plural, one {# upload stays} other {# uploads stay}}}} in the queue. {rerun}',
    },
    theHost: { id: 'cli.queue.theHost', defaultMessage: 'The host' },
    alreadyThere: {
      id: 'cli.queue.alreadyThere',
      defaultMessage:
        'filedock: {files, plural, one {# file was} other {# files were}} already there (same name and size in the folder) and were not sent again; their links are in the list. --force sends them anyway.',
    },
    uploadSummary: {
      id: 'cli.queue.uploadSummary',
      defaultMessage:
        'filedock: {uploaded, number} uploaded{alreadyThere, plural, =0 {} one {, # already there} other {, # already there}}, {failed, number} failed{leftOut, plural, =0 {} one {, # left out} other {, # left out}}.{failed, plural, =0 {} one { Failed uploads stay in the queue: retry them with --retry-failed.} other { Failed uploads stay in the queue: retry them with --retry-failed.}}',
    },
    downloadSummary: {
      id: 'cli.queue.downloadSummary',
      defaultMessage:
        'filedock: {downloaded, number} downloaded ({sizeBytes}), {here, number} already here{failed, plural, =0 {} one {, # failed} other {, # failed}}{leftOut, plural, =0 {} one {, # left out} other {, # left out}}{hasDir, select, yes { in {dir}} other {}}.{failed, plural, =0 {} one { Failed downloads stay in the queue with their bytes: retry them with --retry-failed.} other { Failed downloads stay in the queue with their bytes: retry them with --retry-failed.}}',
    },
  }),
)

/** How a rerun is typed, for the run's kind. */
const COMMANDS = {
  paths: 'filedock upload',
  urls: 'filedock remote',
  downloads: 'filedock download',
} as const

/** Whether the run adds work of its own (else it only finishes what earlier runs left). */
const adds = (o: QueueRunOptions) => o.sources.length > 0 || o.download !== undefined

/**
 * One run of `filedock upload` / `remote` / `download` on the durable queue (core/queue): finish what earlier runs
 * left, add the new paths, URLs or files to download, wait until all of it is done, print the link pack (uploads)
 * or the summary (downloads). Returns the exit code.
 */
export async function runQueue(ctx: CliContext, o: QueueRunOptions): Promise<number> {
  const dirs = cliDataDirs(ctx.env, o.dataDir)
  const accounts = new QueueAccounts(ctx, o.baseUrl)
  const words = runWords(ctx)
  try {
    // The account first: a missing key or a locked keychain is reported before any folder is touched.
    const target = adds(o) ? await resolveTarget(ctx, o, accounts.accounts) : undefined
    if (target) accounts.add(target)
    // Then the folder: uploads queued for one that is not there would have nowhere to land. (A download's folder
    // is read when its files are: one that is not there is said then.)
    const noFolder =
      target && o.kind !== 'downloads' && (await targetFolderProblem(target.client, o.fldId, ctx.signal))
    if (noFolder) throw noFolder
    const history = await HistoryStore.open(dirs.historyDir)
    try {
      // Earlier runs' leftovers first (each in its own folder, see run-folders.ts), then this run's own work in a
      // folder of its own, so runs started together never wait for each other.
      const codes: number[] = []
      for (const folder of await claimLeftovers(dirs.queueDir)) {
        const { download: _, ...finishOnly } = o
        const leftover = new QueueRun(ctx, { ...finishOnly, sources: [] }, accounts, words, null, true)
        codes.push(await leftover.inFolder(folder, history))
      }
      if (adds(o) || codes.every((c) => c === NOTHING_LEFT)) {
        const own = new QueueRun(ctx, o, accounts, words, target?.accountId ?? null)
        codes.push(await own.inFolder(null, history))
      }
      return codes.find((c) => c !== exitCodes.ok && c !== NOTHING_LEFT) ?? exitCodes.ok
    } finally {
      await history.close()
    }
  } finally {
    await accounts.close()
  }
}

/**
 * The run's words, made at its first line (cliIntl; a run that prints none makes none): its language's, or, when
 * they cannot be made (a catalogue unreadable), English, the source catalogue (each message's defaultMessage in
 * the code), after saying once why. Without it the lines, chained on one promise, were all lost with the first.
 * Decision: the why is in English, written here rather than as a message: the user's words are what failed.
 */
function runWords(ctx: CliContext): () => Promise<IntlShape> {
  return lazy(() =>
    cliIntl(ctx.env).catch(async (err: unknown) => {
      const reason = err instanceof Error ? err.message : String(err)
      ctx.stderr.write(`filedock: the words of your language could not be read (${reason}); in English.\n`)
      return (await import('../../core/i18n/intl-for.ts')).englishIntl
    }),
  )
}

/** A leftover folder that held nothing this run could finish (not an exit code users see). */
const NOTHING_LEFT = -1

class QueueRun {
  private readonly tracker = new RunTracker()
  private readonly bar: ProgressBar
  private readonly waiter: RunWaiter
  private readonly batches: { batchId: string; entries: QueueResultEntry[] }[] = []
  private readonly downloads: BatchDownload[] = []
  /** Downloads the plan found complete on disk: reported, never queued. */
  private alreadyHere = 0
  /** Every failed item of the run failed on the local disk (exit 11 rather than 9). */
  private onlyDiskFailures = true
  private leftOut = 0
  /** The lines said so far, each printed once its words are made (say). */
  private said: Promise<void> = Promise.resolve()

  constructor(
    private readonly ctx: CliContext,
    private readonly o: QueueRunOptions,
    private readonly accounts: QueueAccounts,
    /** The run's words (runWords): one for all the runs of a command. */
    private readonly words: () => Promise<IntlShape>,
    private readonly targetId: string | null,
    /** Finishing an earlier run's folder: an empty one is not an error, and one held by another run is skipped. */
    private readonly leftover = false,
  ) {
    this.bar = new ProgressBar(ctx.stderr, () => this.tracker.bar(), cliSizeUnits(ctx.env))
    this.waiter = new RunWaiter(o.offlineWaitMs)
  }

  /**
   * Runs in `folder` (a claimed leftover) or, with null, in a new folder of this run's; removes the folder once
   * nothing in it is needed any more. A new folder taken by another run before our engine locked it (a run
   * claiming leftovers at that instant) is given up for another.
   */
  async inFolder(folder: string | null, history: HistoryStore): Promise<number> {
    const queueDir = cliDataDirs(this.ctx.env, this.o.dataDir).queueDir
    for (let attempt = 0; ; attempt++) {
      const dir = folder ?? (await newRunFolder(queueDir))
      let empty = false
      try {
        return await this.run(dir, history, (left) => {
          empty = left === 0
        })
      } catch (err) {
        const taken =
          (isFiledockError(err) && err.kind === 'invalid_input' && /already open/.test(err.message)) ||
          (err as NodeJS.ErrnoException).code === 'ENOENT'
        if (taken && this.leftover) return NOTHING_LEFT
        if (!taken || folder !== null || attempt >= 3) throw err
      } finally {
        if (empty) await removeRunFolder(dir)
      }
    }
  }

  private async run(queueDir: string, history: HistoryStore, left: (items: number) => void): Promise<number> {
    // Items the engine restores start on its next turn; they wait here for a client until the triage has paused
    // those of accounts this run cannot serve.
    let openGate: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      openGate = resolve
    })
    const engine = await UploadEngine.open({
      dataDir: queueDir,
      clientFor: async (id) => {
        await gate
        return this.accounts.client(id)
      },
      accountLabel: (id) => this.accounts.label(id),
      history,
      concurrency: this.o.concurrency,
      downloadBytesPerSec: this.o.downloadBytesPerSec ?? null,
      ...(this.o.remoteTimeoutMs ? { remoteTimeoutMs: this.o.remoteTimeoutMs } : {}),
    }).catch((err: unknown) => {
      // The queue folder's lock is held by another process (another run, or the app on --data pointing at its
      // queue). The engine reports that as `internal` (told apart only by its words); for the user it is a usage
      // matter with nothing sent, not a bug.
      throw isFiledockError(err) && /already open/.test(err.message)
        ? translatedError({ kind: 'invalid_input' }, m.alreadyOpen, { reason: err.message })
        : err
    })
    engine.onEvent(this.onEvent)
    try {
      const found = await triage(engine, this.accounts, this.o)
      openGate()
      for (const item of found.resumed) this.tracker.include(item)
      for (const w of found.waiting) {
        this.say((intl) =>
          intl.formatMessage(m.waiting, {
            items: w.items,
            kind: this.o.kind,
            account: this.accounts.label(w.accountId),
            reason: errorText(intl, w.problem),
          }),
        )
      }
      const queued =
        this.o.kind === 'downloads' ? await this.enqueueDownloads(engine) : await this.enqueue(engine)
      if (queued === null) return await this.finish(engine, { kind: 'interrupted' })
      if (this.tracker.size === 0) {
        if (this.leftover) return NOTHING_LEFT
        // A download whose files are all here already (or none of which the host knows): nothing to wait for.
        if (this.o.download !== undefined) return await this.finish(engine, { kind: 'idle' })
        if (adds(this.o)) return exitCodes.usage
        const why = found.waiting[0]?.problem
        if (why) return exitCodeFor(why.kind)
        throw translatedError({ kind: 'invalid_input' }, m.nothingToDo, { kind: this.o.kind })
      }
      if (this.bar.enabled) this.bar.start(await this.words())
      const outcome = await this.waiter.wait(engine.whenIdle(), this.ctx.signal)
      this.bar.stop()
      return await this.finish(engine, outcome)
    } finally {
      openGate()
      await this.said
      this.bar.stop()
      left(engine.snapshot().items.length)
      await engine.close()
    }
  }

  /**
   * A line for a person, in the run's language. The run's intl is made at the first such line (runWords, once per
   * process): making it starts ICU, ~20 ms that a run printing no words (an upload that goes through, with or
   * without --json) never pays. Lines keep the order they were said in.
   */
  private say(line: (intl: IntlShape) => string): void {
    this.said = this.said.then(async () => {
      this.bar.message(line(await this.words()))
    })
  }

  /**
   * Adds this run's download: its files read from the host, planned against the folder (complete ones are
   * reported, not queued), the rest queued as one batch; null when Ctrl-C came first.
   */
  private async enqueueDownloads(engine: UploadEngine): Promise<EnqueueResult | null> {
    const { o, accounts, targetId } = this
    const download = o.download
    if (download === undefined || targetId === null) return { batchId: null, accepted: 0, problems: [] }
    const planned = await raceAbort(
      (async () => {
        const client = accounts.client(targetId)
        const { files, problems } = await hostFilesFromApi(client, targetId, download.what, this.ctx.signal)
        return planDownloads({ files, dir: download.to, onConflict: download.onConflict, problems })
      })(),
      this.ctx.signal,
    )
    if (planned === null) return null
    for (const p of planned.problems) {
      this.leftOut++
      this.say((intl) => problemText(intl, p))
      if (o.json) writeLine(this.ctx.stdout, problemLine(p))
    }
    this.alreadyHere += planned.alreadyHere.length
    if (o.json) for (const f of planned.alreadyHere) writeLine(this.ctx.stdout, alreadyHereLine(f))
    return engine.enqueueDownloads(planned)
  }

  /** Adds this run's paths or URLs; null when Ctrl-C came first. Problems are printed as they are known. */
  private async enqueue(engine: UploadEngine): Promise<EnqueueResult | null> {
    const { o, accounts, targetId } = this
    if (o.sources.length === 0 || targetId === null) return { batchId: null, accepted: 0, problems: [] }
    const targets = [{ accountId: targetId, fldId: o.fldId }]
    const adding =
      o.kind === 'paths'
        ? engine.enqueuePaths({ paths: o.sources, targets, ifAlreadyThere: o.force ? 'upload' : 'skip' })
        : engine.enqueueUrls({
            urls: o.sources,
            targets,
            ...(o.urlCheck === null ? {} : { check: o.urlCheck ?? { webPages: 'skip' } }),
          })
    const result = await raceAbort(adding, this.ctx.signal)
    if (result === null) return null
    for (const p of result.problems) {
      if (isLeftOut(p)) this.leftOut++
      this.say((intl) => problemMessage(intl, p, (id) => accounts.label(id)))
    }
    if (result.accepted === 0) this.say((intl) => intl.formatMessage(m.nothingQueued))
    return result
  }

  private readonly onEvent = (e: QueueEvent): void => {
    switch (e.type) {
      case 'queue.added':
        for (const item of e.items) this.tracker.include(item)
        break
      case 'queue.item':
        if (this.tracker.update(e.item)) this.finished(e.item)
        break
      case 'queue.progress':
        this.tracker.progress(e.items, e.totals.bytesPerSec)
        break
      case 'queue.paused':
        this.waiter.paused(e.pause)
        return
      case 'queue.resumed':
        this.waiter.resumed()
        return
      case 'batch.finished':
        this.batches.push({ batchId: e.batchId, entries: e.groups.flatMap((g) => g.entries) })
        if (e.download) this.downloads.push(e.download)
        return
      default:
        return
    }
    this.bar.update()
  }

  private finished(item: QueueItemView): void {
    if (this.o.json) {
      const label = this.accounts.label(item.accountId)
      writeLine(this.ctx.stdout, item.kind === 'download' ? downloadLine(item) : itemLine(item, label))
    }
    if (item.state === 'failed') this.say((intl) => failureMessage(intl, item))
    if (item.state === 'failed' && item.error?.kind !== 'local_disk') this.onlyDiskFailures = false
  }

  private async finish(engine: UploadEngine, outcome: Outcome): Promise<number> {
    const left = this.tracker.unfinished()
    const kind = this.o.kind
    const command = `${COMMANDS[kind]}${this.o.dataDir === undefined ? '' : ` --data ${this.o.dataDir}`}`
    const rerun = (intl: IntlShape) => intl.formatMessage(m.rerun, { command })
    switch (outcome.kind) {
      case 'interrupted':
        // The API cannot continue a partial upload: say so, rather than let "stopped" sound like "paused".
        this.say((intl) => intl.formatMessage(m.interrupted, { left, kind, rerun: rerun(intl) }))
        return exitCodes.cancelled
      case 'auth':
        this.say((intl) =>
          intl.formatMessage(m.auth, { reason: outcome.message, left, kind, rerun: rerun(intl) }),
        )
        return exitCodes.auth
      case 'offline': {
        const seconds = Math.round(this.o.offlineWaitMs / 1000)
        this.say((intl) => {
          const host =
            outcome.accountId === undefined
              ? intl.formatMessage(m.theHost)
              : this.accounts.label(outcome.accountId)
          return intl.formatMessage(m.offline, { host, seconds, left, kind, rerun: rerun(intl) })
        })
        return exitCodes.network
      }
      case 'idle':
        break
    }
    if (this.batches.some((b) => b.entries.length > 0) || this.o.kind !== 'downloads')
      await this.printLinkPack(engine)
    // Done items of finished batches are in the history now (downloads keep theirs in their records, and the
    // files are on disk); failed ones stay for --retry-failed.
    await engine.clearFinished()
    if (this.o.kind === 'downloads') return this.downloadSummary()
    const { done, failed, alreadyThere } = this.tracker
    if (alreadyThere > 0) this.say((intl) => intl.formatMessage(m.alreadyThere, { files: alreadyThere }))
    if (failed === 0 && this.leftOut === 0) return exitCodes.ok
    const leftOut = this.leftOut
    this.say((intl) =>
      intl.formatMessage(m.uploadSummary, { uploaded: done - alreadyThere, alreadyThere, failed, leftOut }),
    )
    return exitCodes.partial
  }

  /** The end of a download run: what came, what was here, what failed, where; exit 0, 9, or 11 (the disk). */
  private downloadSummary(): number {
    const { done, failed, alreadyThere } = this.tracker
    const units = cliSizeUnits(this.ctx.env)
    const downloaded = done - alreadyThere
    const here = alreadyThere + this.alreadyHere
    const bytes = this.downloads.reduce((sum, d) => sum + d.bytes, 0)
    const dir = this.o.download?.to ?? this.downloads[0]?.dir ?? null
    if (this.o.json)
      writeLine(this.ctx.stdout, { downloaded, alreadyHere: here, failed, leftOut: this.leftOut, bytes, dir })
    const leftOut = this.leftOut
    this.say((intl) =>
      intl.formatMessage(m.downloadSummary, {
        downloaded,
        sizeBytes: formatBytes(bytes, units, intl.locale),
        here,
        failed,
        leftOut,
        hasDir: dir === null ? 'no' : 'yes',
        dir: dir ?? '',
      }),
    )
    if (failed === 0 && this.leftOut === 0) return exitCodes.ok
    // None of the files asked for exists on the host (mistyped codes): nothing to download at all.
    if (downloaded + here + failed === 0) return exitCodes.notFound
    return failed > 0 && this.leftOut === 0 && this.onlyDiskFailures ? exitCodes.localDisk : exitCodes.partial
  }

  private async printLinkPack(engine: UploadEngine): Promise<void> {
    const created = new Map(engine.snapshot().batches.map((b) => [b.id, b.createdAt]))
    const entries = [...this.batches]
      .sort((a, b) => (created.get(a.batchId) ?? 0) - (created.get(b.batchId) ?? 0))
      .flatMap((b) => b.entries)
    const text =
      entries.length === 0
        ? ''
        : await buildLinkPack(
            entries,
            this.o.format,
            (accountId) => this.accounts.client(accountId),
            cliSizeUnits(this.ctx.env),
          )
    if (this.o.json)
      writeLine(this.ctx.stdout, { linkPack: text, format: this.o.format, files: entries.length })
    else if (text !== '') this.ctx.stdout.write(`${text}\n`)
  }
}
