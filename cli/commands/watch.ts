import { mkdir, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { defineMessages, type IntlShape } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import type { UploadEngine } from '../../core/queue/engine.ts'
import { parseDuration } from '../../core/watch/duration.ts'
import type { FolderWatch } from '../../core/watch/folder-watch.ts'
import { DEFAULT_MIN_AGE_MS, MAX_MIN_AGE_MS } from '../../shared/ipc/limits.ts'
import type { WatchActivity, WatchRule } from '../../shared/watch.ts'
import { type CliContext, targetFolderFlag, usage } from '../context.ts'
import { resolveTarget, type Target } from '../credentials.ts'
import { cliDataDirs } from '../data-dir.ts'
import { watchHelp } from '../help.ts'
import { dataFlag, parseCommand } from '../options.ts'
import { writeLine } from '../queue/output.ts'
import { targetFolderProblem } from '../target-folder.ts'
import { cliIntl } from '../text.ts'

const messages = plainMessages(
  defineMessages({
    oneFolder: { id: 'cli.errors.watch.oneFolder', defaultMessage: 'Give one folder to watch.' },
    notFolder: { id: 'cli.errors.watch.notFolder', defaultMessage: '{dir} is not a folder.' },
    doneFolder: {
      id: 'cli.errors.watch.doneFolder',
      defaultMessage: '--done must be another folder than the watched one.',
    },
    minAge: {
      id: 'cli.errors.watch.minAge',
      defaultMessage: '--min-age must be a duration such as 5s, 500ms or 2m, not {value}.',
    },
    minAgeMax: { id: 'cli.errors.watch.minAgeMax', defaultMessage: '--min-age is at most a day (24h).' },
    moved: { id: 'cli.watch.moved', defaultMessage: 'filedock: {path} moved to {to}' },
    watching: {
      id: 'cli.watch.watching',
      defaultMessage:
        'filedock: watching {dir} for {account} (folder {fldId}); a file goes up once unchanged for {minAge}. Ctrl+C stops.',
    },
    stopped: {
      id: 'cli.watch.stopped',
      defaultMessage:
        'filedock: stopped; {files, plural, one {# file} other {# files}} not sent yet go up on the next `filedock watch` of this folder.',
    },
    duration: {
      id: 'cli.watch.duration',
      defaultMessage: '{unit, select, ms {{n, number} ms} s {{n, number} s} other {{n, number} min}}',
    },
  }),
)

/** A duration as core/watch/duration.ts formatDuration rounds it, in the user's digits. */
function durationText(intl: IntlShape, ms: number): string {
  const [n, unit] =
    ms < 1000
      ? [ms, 'ms']
      : ms < 120_000
        ? [Math.round(ms / 100) / 10, 's']
        : [Math.round(ms / 6000) / 10, 'min']
  return intl.formatMessage(messages.duration, { n, unit })
}

/** The options of watch, as cli/options.ts specifies them. */
const WATCH_OPTIONS = ['fld_id', 'account', 'base-url', 'min-age', 'done', 'json', 'data'] as const

/** After a landing, finished items leave the watch's queue journal this much later, so bursts clear once. */
const CLEAR_DELAY_MS = 2000

/**
 * `filedock watch DIR [options]`: sends every file that settles in DIR (and its sub-folders, mirrored) until
 * Ctrl+C. Each watch has a queue of its own under `<data>/watch/`, so it runs next to `filedock upload` and
 * other watches; the rule lock keeps a second watcher of the same folder and account away.
 */
export async function watchCommand(argv: string[], ctx: CliContext): Promise<number> {
  const intl = await cliIntl(ctx.env)
  const parsed = await parseCommand(argv, WATCH_OPTIONS, {
    help: watchHelp,
    env: ctx.env,
    out: ctx.stdout,
    positionals: true,
  })
  if (parsed === null) return 0
  const { values, positionals } = parsed
  if (positionals.length !== 1) throw usage(messages.oneFolder, {}, watchHelp)
  const dir = resolve(positionals[0] as string)
  const info = await stat(dir).catch(() => null)
  if (info === null || !info.isDirectory()) throw usage(messages.notFolder, { dir })
  const fldId = targetFolderFlag(values.fld_id)
  const minAgeMs = values['min-age'] === undefined ? DEFAULT_MIN_AGE_MS : minAge(values['min-age'])
  const doneDir = values.done === undefined ? null : resolve(values.done)
  if (doneDir === dir) throw usage(messages.doneFolder)
  const dataDir = dataFlag(values.data)

  const target = await resolveTarget(ctx, { account: values.account, baseUrl: values['base-url'] })
  try {
    const noFolder = await targetFolderProblem(target.client, fldId, ctx.signal)
    if (noFolder) throw noFolder
    return await runWatch(ctx, intl, target, {
      rule: { id: 'cli', dir, accountId: target.accountId, fldId, minAgeMs, doneDir, paused: false },
      root: dirname(cliDataDirs(ctx.env, dataDir).historyDir),
      json: values.json === true,
    })
  } finally {
    await target.client.close()
  }
}

async function runWatch(
  ctx: CliContext,
  intl: IntlShape,
  target: Target,
  o: { rule: WatchRule; root: string; json: boolean },
): Promise<number> {
  const [{ HistoryStore }, { UploadEngine }, { FolderWatch, lockWatch, ruleKey }] = await Promise.all([
    import('../../core/history/history-store.ts'),
    import('../../core/queue/engine.ts'),
    import('../../core/watch/folder-watch.ts'),
  ])
  const recordsDir = join(o.root, 'watch')
  await mkdir(recordsDir, { recursive: true, mode: 0o700 })
  // The lock first: a second watcher of this folder is told so before it touches the queue.
  const unlock = await lockWatch(recordsDir, o.rule)
  const history = await HistoryStore.open(join(o.root, 'history')).catch(async (error: unknown) => {
    await unlock()
    throw error
  })
  let engine: UploadEngine | null = null
  let watch: FolderWatch | null = null
  let clearTimer: NodeJS.Timeout | null = null
  try {
    engine = await UploadEngine.open({
      dataDir: join(recordsDir, `${ruleKey(o.rule)}-queue`),
      clientFor: () => target.client,
      accountLabel: () => target.label,
      history,
    })
    const queue = engine
    // Finished items are in the history and the sent log by then; the journal need not keep them.
    const clearSoon = () => {
      clearTimer ??= setTimeout(() => {
        clearTimer = null
        void queue.clearFinished().catch(() => undefined)
      }, CLEAR_DELAY_MS)
    }
    const onActivity = (a: WatchActivity) => {
      if (a.type === 'sent') {
        clearSoon()
        if (o.json) {
          writeLine(ctx.stdout, {
            state: 'done',
            path: a.path,
            relPath: a.relPath,
            account: target.label,
            fileCode: a.fileCode,
            link: a.pageLink,
            size: a.size,
            fldId: a.fldId,
            ...(a.alreadyThere ? { alreadyThere: true } : {}),
          })
        } else ctx.stdout.write(`${a.relPath}\t${a.pageLink ?? a.fileCode}\n`)
      } else if (a.type === 'failed') {
        if (o.json)
          writeLine(ctx.stdout, { state: 'failed', path: a.path, relPath: a.relPath, error: a.message })
        ctx.stderr.write(`filedock: ${a.relPath}: ${a.message}\n`)
      } else {
        ctx.stderr.write(`${intl.formatMessage(messages.moved, { path: a.relPath, to: a.to })}\n`)
      }
    }
    if (ctx.signal.aborted) return 0
    watch = await FolderWatch.start({
      rule: o.rule,
      engine: queue,
      clientFor: async () => target.client,
      recordsDir,
      onActivity,
      log: (line) => ctx.stderr.write(`${line}\n`),
    })
    const watching = intl.formatMessage(messages.watching, {
      dir: o.rule.dir,
      account: target.label,
      fldId: o.rule.fldId,
      minAge: durationText(intl, o.rule.minAgeMs),
    })
    ctx.stderr.write(`${watching}\n`)
    await new Promise<void>((done) => {
      if (ctx.signal.aborted) return done()
      ctx.signal.addEventListener('abort', () => done(), { once: true })
    })
    const left = watch.pending
    if (left > 0) ctx.stderr.write(`${intl.formatMessage(messages.stopped, { files: left })}\n`)
    return 0
  } finally {
    if (clearTimer) clearTimeout(clearTimer)
    await watch?.close()
    await engine?.close()
    await history.close()
    await unlock()
  }
}

function minAge(text: string): number {
  const ms = parseDuration(text)
  if (ms === null) throw usage(messages.minAge, { value: JSON.stringify(text) })
  if (ms > MAX_MIN_AGE_MS) throw usage(messages.minAgeMax)
  return ms
}
