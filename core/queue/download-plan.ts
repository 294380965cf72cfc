import { randomUUID } from 'node:crypto'
import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { defineMessage } from '@formatjs/intl'
import {
  type ConflictPolicy,
  type DownloadPlanSummary,
  type DownloadProblem,
  PLAN_EXAMPLES,
} from '../../shared/downloads.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { localDiskError } from '../download/disk-errors.ts'
import {
  type HostFile,
  type LocalPlan,
  localPlan,
  type PlanFs,
  type PlannedFile,
} from '../download/local-plan.ts'
import { downloadItem } from './batch-line.ts'
import type { Plan } from './enqueue.ts'
import type { BatchRecord } from './records.ts'

/**
 * A download request's files, resolved by the host side (the app from its account index, the CLI from the API:
 * core/download/host-files.ts), turned into a plan and then into one batch of queue items.
 *
 * planDownloads only reads the local disk (localPlan: one readdir per target folder, a stat only where a name is
 * taken, one statfs): it is the dry run. downloadBatch makes the batch from the plan: files already complete on
 * disk are counted, not queued (re-running a download fetches nothing), and the batch and its items are one
 * journal line however many files there are.
 */

/** A host file to download, and whose it is. */
export interface DownloadSource extends HostFile {
  accountId: string
  /** The host folder the file is in (shown on the item). */
  fldId: number
}

/** One file of a plan: where it goes and what is there (localPlan), and the host file it comes from. */
export interface PlannedDownload extends PlannedFile {
  accountId: string
  fldId: number
  /** The host's name (the local one may have been made safe). */
  hostName: string
}

export interface DownloadPlan {
  dir: string
  onConflict: ConflictPolicy
  toFetch: PlannedDownload[]
  alreadyHere: PlannedDownload[]
  conflicts: number
  renamed: number
  /** Bytes still to come over the network (work files counted). */
  totalBytes: number
  bytesAlreadyHere: number
  freeBytes: number | null
  /** What the resolution of the request left out. */
  problems: DownloadProblem[]
}

export interface PlanInput {
  files: readonly DownloadSource[]
  dir: string
  onConflict: ConflictPolicy
  problems?: readonly DownloadProblem[]
  /** The rules for local names (process.platform); the file system to read (counted in tests). */
  platform?: string
  fs?: PlanFs
}

/** The plan of a download: touches nothing, only reads the target folders. */
export async function planDownloads(input: PlanInput): Promise<DownloadPlan> {
  const local: LocalPlan = await localPlan(input.files, input.dir, input.onConflict, input.platform, input.fs)
  const plan: DownloadPlan = {
    dir: input.dir,
    onConflict: input.onConflict,
    toFetch: [],
    alreadyHere: [],
    conflicts: local.conflicts,
    renamed: 0,
    totalBytes: local.bytesToFetch,
    bytesAlreadyHere: local.bytesAlreadyHere,
    freeBytes: local.freeBytes,
    problems: [...(input.problems ?? [])],
  }
  local.files.forEach((f, i) => {
    const source = input.files[i] as DownloadSource
    // localPlan's objects are this plan's own: each takes its host file's fields in place, no copy of 100,000.
    const planned: PlannedDownload = Object.assign(f, {
      accountId: source.accountId,
      fldId: source.fldId,
      hostName: source.name,
    })
    if (f.renamedFrom !== undefined) plan.renamed++
    if (f.state === 'already-here') plan.alreadyHere.push(planned)
    else plan.toFetch.push(planned)
  })
  return plan
}

/**
 * A plan as the app's dialog and `--dry-run --json` show it: counts, and a few examples of each kind. One pass over
 * the files (a plan holds 100,000), the examples taken as it goes.
 */
export function planSummary(plan: DownloadPlan): DownloadPlanSummary {
  const conflictExamples: DownloadPlanSummary['conflictExamples'] = []
  const renamedExamples: DownloadPlanSummary['renamedExamples'] = []
  let resumed = 0
  const look = (f: PlannedDownload) => {
    if (f.state === 'conflict' && conflictExamples.length < PLAN_EXAMPLES)
      conflictExamples.push({ path: f.path, existingSize: f.existingSize ?? null })
    if (f.renamedFrom !== undefined && renamedExamples.length < PLAN_EXAMPLES)
      renamedExamples.push({ from: f.renamedFrom, to: f.localName })
  }
  // The files to fetch first, then those already here: the examples in the order the lists have them.
  for (const f of plan.toFetch) {
    if (f.partBytes > 0) resumed++
    look(f)
  }
  for (const f of plan.alreadyHere) look(f)
  return {
    dir: plan.dir,
    toFetch: plan.toFetch.length,
    alreadyHere: plan.alreadyHere.length,
    conflicts: plan.conflicts,
    resumed,
    renamed: plan.renamed,
    totalBytes: plan.totalBytes,
    bytesAlreadyHere: plan.bytesAlreadyHere,
    freeBytes: plan.freeBytes,
    conflictExamples,
    renamedExamples,
    problems: plan.problems,
  }
}

/** The batch of a plan's files to fetch (none when everything is here already). */
export function downloadBatch(plan: DownloadPlan, deps: { takeSeq(): number; now: number }): Plan {
  if (plan.toFetch.length === 0) return { batch: null, items: [], problems: [] }
  const accountIds = [...new Set(plan.toFetch.map((f) => f.accountId))]
  const batch: BatchRecord = {
    id: randomUUID(),
    kind: 'downloads',
    accountIds,
    createdAt: deps.now,
    finishedEmitted: false,
    dir: plan.dir,
  }
  const of = { batchId: batch.id, dir: plan.dir, onConflict: plan.onConflict, addedAt: deps.now }
  const items = plan.toFetch.map((f) =>
    downloadItem(of, {
      seq: deps.takeSeq(),
      accountId: f.accountId,
      baseFldId: f.fldId,
      relDir: f.relDir,
      name: f.hostName,
      localName: f.localName,
      code: f.code,
      size: f.size,
      partBytes: f.partBytes > 0 ? Math.min(f.partBytes, f.size) : null,
    }),
  )
  return { batch, items, problems: [] }
}

/**
 * Checks a download folder before anything is planned: it is a folder, or its nearest existing parent is one
 * (it is created when the download starts). The text rule (absolute, no `.` or `..`) is the contract's
 * (shared/downloads.ts downloadFolderSchema), applied to the CLI's --to too.
 */
export async function checkDownloadFolder(dir: string): Promise<void> {
  for (let at = dir; ; at = dirname(at)) {
    const found = await stat(at).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null
      throw err
    })
    if (found !== null) {
      if (found.isDirectory()) return
      throw translatedError({ kind: 'local_disk' }, FILE_IN_THE_WAY, {
        at,
        dir,
        onTheWay: at === dir ? 'no' : 'yes',
      })
    }
    if (dirname(at) === at) return
  }
}

/** Creates the download folder (and its parents), in the words of a local disk failure when it cannot be. */
export async function prepareFolder(dir: string): Promise<void> {
  await checkDownloadFolder(dir)
  try {
    await mkdir(dir, { recursive: true })
  } catch (err) {
    throw (await localDiskError(err, { dir, name: dir, size: 0, written: 0 })) ?? err
  }
}

const FILE_IN_THE_WAY = defineMessage({
  id: 'errors.download.notAFolder',
  defaultMessage:
    '{onTheWay, select, yes {{at}, on the way to {dir},} other {{dir}}} is a file, not a folder: the download cannot go there. Choose another folder.',
})
