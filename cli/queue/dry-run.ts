import { defineMessages, type IntlShape } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { uncoveredLeaves } from '../../core/queue/enqueue.ts'
import { apiFolderContents, ExistingFiles } from '../../core/queue/folder-contents.ts'
import { FolderMirror } from '../../core/queue/folder-mirror.ts'
import { probeUrls } from '../../core/queue/remote-probe.ts'
import { scanPaths } from '../../core/queue/scan.ts'
import type { ErrorValues, FiledockError } from '../../shared/errors.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import { errorText, translatedError } from '../../shared/i18n/error-text.ts'
import type { EnqueueProblem } from '../../shared/queue.ts'
import type { WebPageChoice } from '../../shared/url-check.ts'
import type { CliContext } from '../context.ts'
import { resolveTarget } from '../credentials.ts'
import { exitCodes } from '../exit-codes.ts'
import { cliSizeUnits } from '../size-units.ts'
import { targetFolderProblem } from '../target-folder.ts'
import { cliIntl } from '../text.ts'
import { QueueAccounts } from './accounts.ts'
import { writeLine } from './output.ts'

export interface DryRunOptions {
  kind: 'paths' | 'urls'
  sources: string[]
  fldId: number
  account: string | undefined
  baseUrl: string | undefined
  json: boolean
  force: boolean
  /** URLs: as for a real run (null: --no-probe). */
  urlCheck: { webPages: WebPageChoice } | null
}

/** A problem of the plan: the queue's own kinds, plus a --fld_id that is not a folder of the account. */
type PlanProblem = Omit<EnqueueProblem, 'kind'> & {
  kind: EnqueueProblem['kind'] | 'no_such_folder'
  /** The message's id and values, where it has them: the text printed for a person is in their language. */
  messageId?: string
  values?: ErrorValues
}

/** What a run would do, as `filedock upload --dry-run` prints it. */
interface Plan {
  send: { path: string; relPath: string; size: number | null }[]
  alreadyThere: { path: string; relPath: string; size: number; fileCode: string }[]
  /** Folders under --fld_id that do not exist yet, parents first (`album`, `album/2024`). */
  createFolders: string[]
  problems: PlanProblem[]
}

/**
 * `--dry-run`: the plan of a run (to send, already there, folders to create, problems) and nothing else. Only
 * reads the host (folder and file listings) and the local disk: no folder is created, nothing is sent, and no
 * queue is opened, so no journal or run folder is written either. "Already there" is the engine's own check (the
 * same folder-contents port and folder lookups, core/queue/folder-contents.ts and folder-mirror.ts), so the plan is
 * what a real run then does, unless the host changes in between.
 */
export async function dryRun(ctx: CliContext, o: DryRunOptions): Promise<number> {
  const accounts = new QueueAccounts(ctx, o.baseUrl)
  try {
    const target = await resolveTarget(ctx, o, accounts.accounts)
    accounts.add(target)
    const noFolder = await targetFolderProblem(target.client, o.fldId, ctx.signal)
    const plan =
      noFolder !== null
        ? await planNowhere(o, noFolder)
        : o.kind === 'urls'
          ? await planUrls(o)
          : await planPaths(o, target.accountId, async () => target.client, ctx.signal)
    print(ctx, o, plan, o.json ? null : await cliIntl(ctx.env))
    return plan.problems.length > 0 ? exitCodes.partial : exitCodes.ok
  } finally {
    await accounts.close()
  }
}

async function planPaths(
  o: DryRunOptions,
  accountId: string,
  clientFor: () => Promise<import('../../core/api/client.ts').ApiClient>,
  signal: AbortSignal | undefined,
): Promise<Plan> {
  const lifetime = signal ?? new AbortController().signal
  const mirror = new FolderMirror(lifetime)
  const existing = new ExistingFiles(apiFolderContents(clientFor), lifetime)
  const client = await clientFor()
  const scan = await scanPaths(o.sources)
  const plan: Plan = { send: [], alreadyThere: [], createFolders: [], problems: [...scan.problems] }
  const missing = new Set<string>()
  // Every prefix of the folder that is not on the host yet: a real run creates each of them.
  const folderOf = async (relDir: readonly string[]): Promise<number | null> => {
    let found: number | null = o.fldId
    for (let n = 1; n <= relDir.length; n++) {
      found = await mirror.find(accountId, client, o.fldId, relDir.slice(0, n))
      if (found === null) {
        for (let m = n; m <= relDir.length; m++) missing.add(relDir.slice(0, m).join('/'))
        return null
      }
    }
    return found
  }
  for (const f of scan.files) {
    const relPath = [...f.relDir, f.name].join('/')
    const fldId = await folderOf(f.relDir)
    const code = fldId === null || o.force ? null : await existing.find(accountId, fldId, f.name, f.size)
    if (code === null) plan.send.push({ path: f.path, relPath, size: f.size })
    else plan.alreadyThere.push({ path: f.path, relPath, size: f.size, fileCode: code })
  }
  for (const leaf of uncoveredLeaves(
    scan.folders,
    scan.files.map((f) => f.relDir),
  ))
    await folderOf(leaf)
  // Parents first, then by name: the order a real run creates them in.
  plan.createFolders = [...missing].sort(
    (a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b),
  )
  return plan
}

/**
 * The plan when --fld_id is not a folder of the account: nothing is sent. The local checks still run (a file that
 * cannot be read is worth knowing about too); the host is not asked anything more, nor are URLs looked at.
 */
async function planNowhere(o: DryRunOptions, noFolder: FiledockError): Promise<Plan> {
  const plan: Plan = { send: [], alreadyThere: [], createFolders: [], problems: [] }
  if (o.kind === 'paths') plan.problems.push(...(await scanPaths(o.sources)).problems)
  const { message, messageId, values } = noFolder
  plan.problems.unshift({
    path: '',
    kind: 'no_such_folder',
    message,
    ...(messageId === undefined ? {} : { messageId }),
    ...(values === undefined ? {} : { values }),
  })
  return plan
}

async function planUrls(o: DryRunOptions): Promise<Plan> {
  const plan: Plan = { send: [], alreadyThere: [], createFolders: [], problems: [] }
  const urls = [...new Set(o.sources.map((u) => u.trim()))]
  const valid = urls.filter((u) => /^https?:\/\//i.test(u) && URL.canParse(u))
  for (const u of urls.filter((x) => !valid.includes(x)))
    plan.problems.push({
      path: u,
      kind: 'invalid_url',
      ...asProblem(translatedError({ kind: 'invalid_input' }, m.invalidUrl)),
    })
  if (o.urlCheck === null) {
    for (const url of valid) plan.send.push({ path: url, relPath: url, size: null })
    return plan
  }
  for (const c of await probeUrls(valid)) {
    if (c.kind === 'dead') plan.problems.push({ path: c.url, kind: 'unreachable_url', message: c.message })
    else if (c.kind === 'web_page' && o.urlCheck.webPages === 'skip')
      plan.problems.push({
        path: c.url,
        kind: 'web_page',
        ...asProblem(translatedError({ kind: 'invalid_input' }, m.skipped, { reason: c.message })),
      })
    else plan.send.push({ path: c.url, relPath: c.url, size: c.kind === 'file' ? c.size : null })
  }
  return plan
}

const m = plainMessages(
  defineMessages({
    toSendUrls: {
      id: 'cli.dryRun.toSendUrls',
      defaultMessage: 'To send ({urls, plural, one {# URL} other {# URLs}}):',
    },
    toSend: {
      id: 'cli.dryRun.toSend',
      defaultMessage: 'To send ({files, plural, one {# file} other {# files}}, {sizeBytes}):',
    },
    sized: { id: 'cli.dryRun.sized', defaultMessage: '{path}  ({sizeBytes})' },
    alreadyThere: {
      id: 'cli.dryRun.alreadyThere',
      defaultMessage:
        'Already there, not sent again ({files, plural, one {# file} other {# files}}; --force sends them):',
    },
    folders: { id: 'cli.dryRun.folders', defaultMessage: 'Folders to create ({folders, number}):' },
    problems: { id: 'cli.dryRun.problems', defaultMessage: 'Problems, left out ({problems, number}):' },
    problem: { id: 'cli.dryRun.problem', defaultMessage: '{path}: {reason}' },
    nothing: { id: 'cli.dryRun.nothing', defaultMessage: 'Nothing to do.' },
    invalidUrl: {
      id: 'cli.dryRun.invalidUrl',
      defaultMessage: 'This is not an http:// or https:// address.',
    },
    skipped: { id: 'cli.dryRun.skipped', defaultMessage: '{reason} Skipped.' },
    done: {
      id: 'cli.dryRun.done',
      defaultMessage: 'Dry run: nothing was sent and nothing was changed on the host.',
    },
  }),
)

/** A problem's message with its id and values, so the plan prints it in the user's language. */
function asProblem(error: FiledockError): Pick<PlanProblem, 'message' | 'messageId' | 'values'> {
  return {
    message: error.message,
    ...(error.messageId === undefined ? {} : { messageId: error.messageId }),
    ...(error.values === undefined ? {} : { values: error.values }),
  }
}

/** The plan: JSON lines (English, as scripts read them) or, with `intl`, sections in the user's language. */
function print(ctx: CliContext, o: DryRunOptions, plan: Plan, intl: IntlShape | null): void {
  if (intl === null) {
    for (const s of plan.send) writeLine(ctx.stdout, { plan: 'send', ...s })
    for (const a of plan.alreadyThere) writeLine(ctx.stdout, { plan: 'already_there', ...a })
    for (const folderPath of plan.createFolders) writeLine(ctx.stdout, { plan: 'create_folder', folderPath })
    for (const p of plan.problems)
      writeLine(ctx.stdout, { plan: 'problem', path: p.path, kind: p.kind, message: p.message })
    writeLine(ctx.stdout, {
      dryRun: true,
      send: plan.send.length,
      sendBytes: bytesOf(plan),
      alreadyThere: plan.alreadyThere.length,
      createFolders: plan.createFolders.length,
      problems: plan.problems.length,
    })
    return
  }
  const lines: string[] = []
  const section = (title: string, rows: string[]) => {
    if (rows.length === 0) return
    lines.push(title, ...rows.map((r) => `  ${r}`))
  }
  const units = cliSizeUnits(ctx.env)
  const size = (bytes: number) => formatBytes(bytes, units, intl.locale)
  section(
    o.kind === 'urls'
      ? intl.formatMessage(m.toSendUrls, { urls: plan.send.length })
      : intl.formatMessage(m.toSend, { files: plan.send.length, sizeBytes: size(bytesOf(plan)) }),
    plan.send.map((s) =>
      s.size === null ? s.relPath : intl.formatMessage(m.sized, { path: s.relPath, sizeBytes: size(s.size) }),
    ),
  )
  section(
    intl.formatMessage(m.alreadyThere, { files: plan.alreadyThere.length }),
    plan.alreadyThere.map((a) => `${a.relPath}  (${a.fileCode})`),
  )
  section(intl.formatMessage(m.folders, { folders: plan.createFolders.length }), plan.createFolders)
  section(
    intl.formatMessage(m.problems, { problems: plan.problems.length }),
    plan.problems.map((p) => {
      const reason = errorText(intl, { ...p, kind: 'invalid_input' })
      return p.path === '' ? reason : intl.formatMessage(m.problem, { path: p.path, reason })
    }),
  )
  if (lines.length === 0) lines.push(intl.formatMessage(m.nothing))
  lines.push(intl.formatMessage(m.done))
  ctx.stdout.write(`${lines.join('\n')}\n`)
}

function bytesOf(plan: Plan): number {
  return plan.send.reduce((n, s) => n + (s.size ?? 0), 0)
}
