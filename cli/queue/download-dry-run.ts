import { relative } from 'node:path'
import { hostFilesFromApi } from '../../core/download/host-files.ts'
import { checkDownloadFolder, type DownloadPlan, planDownloads } from '../../core/queue/download-plan.ts'
import type { ConflictPolicy, DownloadWhat } from '../../shared/downloads.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import type { CliContext } from '../context.ts'
import { resolveTarget } from '../credentials.ts'
import { exitCodes } from '../exit-codes.ts'
import { cliSizeUnits } from '../size-units.ts'
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

const WHAT_CONFLICTS_DO: Record<ConflictPolicy, string> = {
  skip: 'kept beside it as "name (1).ext" (same name, another size)',
  rename: 'kept beside it as "name (1).ext"',
  overwrite: 'replaced',
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
    else printText(ctx, plan)
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

function printText(ctx: CliContext, plan: DownloadPlan): void {
  const units = cliSizeUnits(ctx.env)
  const b = (n: number) => formatBytes(n, units)
  const rel = (path: string) => relative(plan.dir, path)
  const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`
  const lines: string[] = []
  const section = (title: string, rows: string[]) => {
    if (rows.length === 0) return
    lines.push(title, ...rows.map((r) => `  ${r}`))
  }
  section(
    `To fetch (${files(plan.toFetch.length)}, ${b(plan.totalBytes)}):`,
    plan.toFetch.map((f) => {
      const notes = [
        b(f.size),
        ...(f.partBytes > 0 ? [`resumes after ${b(f.partBytes)}`] : []),
        ...(f.renamedFrom !== undefined ? [`on the host: ${f.renamedFrom}`] : []),
      ]
      return `${rel(f.path)}  (${notes.join('; ')})`
    }),
  )
  section(
    `Names taken by another file (${plan.conflicts}; --on-conflict ${plan.onConflict}: ${WHAT_CONFLICTS_DO[plan.onConflict]}):`,
    plan.toFetch
      .filter((f) => f.state === 'conflict')
      .map(
        (f) =>
          `${rel(f.path)}  (${f.existingSize === null || f.existingSize === undefined ? 'a folder' : b(f.existingSize)} there)`,
      ),
  )
  section(
    `Already here, not fetched again (${files(plan.alreadyHere.length)}, ${b(plan.bytesAlreadyHere)}):`,
    plan.alreadyHere.map((f) => rel(f.path)),
  )
  section(
    `Problems, left out (${plan.problems.length}):`,
    plan.problems.map((p) => (p.fileCode === undefined ? p.message : `${p.fileCode}: ${p.message}`)),
  )
  if (lines.length === 0) lines.push('Nothing to download.')
  if (plan.freeBytes !== null) {
    const short = plan.totalBytes > plan.freeBytes
    lines.push(
      `Free space on the disk of ${plan.dir}: ${b(plan.freeBytes)}${short ? ` — ${b(plan.totalBytes - plan.freeBytes)} short of what is to fetch` : ''}.`,
    )
  }
  lines.push('Dry run: nothing was downloaded, and no file or folder was created.')
  ctx.stdout.write(`${lines.join('\n')}\n`)
}
