import { relative } from 'node:path'
import { defineMessages, type IntlShape } from '@formatjs/intl'
import { hostFilesFromApi } from '../../core/download/host-files.ts'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { checkDownloadFolder, type DownloadPlan, planDownloads } from '../../core/queue/download-plan.ts'
import type { ConflictPolicy, DownloadWhat } from '../../shared/downloads.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import type { CliContext } from '../context.ts'
import { resolveTarget } from '../credentials.ts'
import { exitCodes } from '../exit-codes.ts'
import { cliSizeUnits } from '../size-units.ts'
import { cliIntl } from '../text.ts'
import { QueueAccounts } from './accounts.ts'
import { writeLine } from './output.ts'

export interface DownloadDryRunOptions {
  what: DownloadWhat
  to: string
  onConflict: ConflictPolicy
  account: string | undefined
  baseUrl: string | undefined
  json: boolean
}

/**
 * `filedock download --dry-run`: the plan (to fetch, already here, conflicts and what the policy does with them,
 * names made safe, total bytes, free disk space, problems) and nothing else. Only reads: the host's listings and
 * the target folder; no folder is created, nothing is fetched, no queue or run folder is written.
 */
export async function downloadDryRun(ctx: CliContext, o: DownloadDryRunOptions): Promise<number> {
  const accounts = new QueueAccounts(ctx, o.baseUrl)
  try {
    const target = await resolveTarget(ctx, o, accounts.accounts)
    accounts.add(target)
    await checkDownloadFolder(o.to)
    const { files, problems } = await hostFilesFromApi(target.client, target.accountId, o.what, ctx.signal)
    const plan = await planDownloads({ files, dir: o.to, onConflict: o.onConflict, problems })
    if (o.json) printJson(ctx, plan)
    else printText(ctx, await cliIntl(ctx.env), plan)
    return plan.problems.length > 0 ? exitCodes.partial : exitCodes.ok
  } finally {
    await accounts.close()
  }
}

function printJson(ctx: CliContext, plan: DownloadPlan): void {
  for (const f of plan.toFetch) {
    writeLine(ctx.stdout, {
      plan: f.state === 'conflict' ? 'conflict' : f.state === 'resume' ? 'resume' : 'fetch',
      code: f.code,
      path: f.path,
      size: f.size,
      ...(f.partBytes > 0 ? { partBytes: f.partBytes } : {}),
      ...(f.state === 'conflict' ? { existingSize: f.existingSize ?? null } : {}),
      ...(f.renamedFrom !== undefined ? { name: f.renamedFrom } : {}),
    })
  }
  for (const f of plan.alreadyHere)
    writeLine(ctx.stdout, { plan: 'already here', code: f.code, path: f.path, size: f.size })
  for (const p of plan.problems)
    writeLine(ctx.stdout, { plan: 'problem', code: p.fileCode ?? null, message: p.message })
  writeLine(ctx.stdout, {
    dryRun: true,
    dir: plan.dir,
    toFetch: plan.toFetch.length,
    alreadyHere: plan.alreadyHere.length,
    conflicts: plan.conflicts,
    renamed: plan.renamed,
    totalBytes: plan.totalBytes,
    freeBytes: plan.freeBytes,
    problems: plan.problems.length,
  })
}

const m = plainMessages(
  defineMessages({
    toFetch: {
      id: 'cli.downloadDryRun.toFetch',
      defaultMessage: 'To fetch ({files, plural, one {# file} other {# files}}, {sizeBytes}):',
    },
    resumes: { id: 'cli.downloadDryRun.resumes', defaultMessage: 'resumes after {sizeBytes}' },
    onHost: { id: 'cli.downloadDryRun.onHost', defaultMessage: 'on the host: {name}' },
    conflicts: {
      id: 'cli.downloadDryRun.conflicts',
      defaultMessage:
        'Names taken by another file ({conflicts, number}; --on-conflict {policy}: {policy, select, skip {kept beside it as "name (1).ext" (same name, another size)} rename {kept beside it as "name (1).ext"} other {replaced}}):',
    },
    taken: {
      id: 'cli.downloadDryRun.taken',
      defaultMessage: '{path}  ({folder, select, yes {a folder} other {{sizeBytes}}} there)',
    },
    alreadyHere: {
      id: 'cli.downloadDryRun.alreadyHere',
      defaultMessage:
        'Already here, not fetched again ({files, plural, one {# file} other {# files}}, {sizeBytes}):',
    },
    problems: {
      id: 'cli.downloadDryRun.problems',
      defaultMessage: 'Problems, left out ({problems, number}):',
    },
    problem: { id: 'cli.downloadDryRun.problem', defaultMessage: '{code}: {reason}' },
    nothing: { id: 'cli.downloadDryRun.nothing', defaultMessage: 'Nothing to download.' },
    free: {
      id: 'cli.downloadDryRun.free',
      defaultMessage: 'Free space on the disk of {dir}: {freeBytes}.',
    },
    short: {
      id: 'cli.downloadDryRun.short',
      defaultMessage:
        'Free space on the disk of {dir}: {freeBytes} — {shortBytes} short of what is to fetch.',
    },
    done: {
      id: 'cli.downloadDryRun.done',
      defaultMessage: 'Dry run: nothing was downloaded, and no file or folder was created.',
    },
  }),
)

function printText(ctx: CliContext, intl: IntlShape, plan: DownloadPlan): void {
  const units = cliSizeUnits(ctx.env)
  const b = (n: number) => formatBytes(n, units, intl.locale)
  const rel = (path: string) => relative(plan.dir, path)
  const lines: string[] = []
  const section = (title: string, rows: string[]) => {
    if (rows.length === 0) return
    lines.push(title, ...rows.map((r) => `  ${r}`))
  }
  section(
    intl.formatMessage(m.toFetch, { files: plan.toFetch.length, sizeBytes: b(plan.totalBytes) }),
    plan.toFetch.map((f) => {
      const notes = [
        b(f.size),
        ...(f.partBytes > 0 ? [intl.formatMessage(m.resumes, { sizeBytes: b(f.partBytes) })] : []),
        ...(f.renamedFrom !== undefined ? [intl.formatMessage(m.onHost, { name: f.renamedFrom })] : []),
      ]
      return `${rel(f.path)}  (${notes.join('; ')})`
    }),
  )
  section(
    intl.formatMessage(m.conflicts, { conflicts: plan.conflicts, policy: plan.onConflict }),
    plan.toFetch
      .filter((f) => f.state === 'conflict')
      .map((f) => {
        const folder = f.existingSize === null || f.existingSize === undefined
        return intl.formatMessage(m.taken, {
          path: rel(f.path),
          folder: folder ? 'yes' : 'no',
          sizeBytes: folder ? '' : b(f.existingSize ?? 0),
        })
      }),
  )
  section(
    intl.formatMessage(m.alreadyHere, {
      files: plan.alreadyHere.length,
      sizeBytes: b(plan.bytesAlreadyHere),
    }),
    plan.alreadyHere.map((f) => rel(f.path)),
  )
  section(
    intl.formatMessage(m.problems, { problems: plan.problems.length }),
    plan.problems.map((p) => {
      const reason = errorText(intl, { kind: 'not_found', ...p })
      return p.fileCode === undefined ? reason : intl.formatMessage(m.problem, { code: p.fileCode, reason })
    }),
  )
  if (lines.length === 0) lines.push(intl.formatMessage(m.nothing))
  if (plan.freeBytes !== null) {
    const short = plan.totalBytes - plan.freeBytes
    lines.push(
      short > 0
        ? intl.formatMessage(m.short, {
            dir: plan.dir,
            freeBytes: b(plan.freeBytes),
            shortBytes: b(short),
          })
        : intl.formatMessage(m.free, { dir: plan.dir, freeBytes: b(plan.freeBytes) }),
    )
  }
  lines.push(intl.formatMessage(m.done))
  ctx.stdout.write(`${lines.join('\n')}\n`)
}
