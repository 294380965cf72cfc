import { randomUUID } from 'node:crypto'
import { defineMessages } from '@formatjs/intl'
import { FiledockError } from '../../shared/errors.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import { causeValues } from '../../shared/i18n/cause-values.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import type { SizeUnits } from '../../shared/ipc/settings.ts'
import type { DropTarget, EnqueueProblem } from '../../shared/queue.ts'
import type { WebPageChoice } from '../../shared/url-check.ts'
import type { ApiClient } from '../api/client.ts'
import { problemText } from './problem-text.ts'
import { type BatchRecord, FRESH_ITEM, type ItemRecord } from './records.ts'
import { remoteName } from './remote-item.ts'
import { probeUrls } from './remote-probe.ts'
import type { ScanResult } from './scan.ts'

/** Turns one drop (paths or URLs, one or more accounts) into a batch of item records, and the problems found. */

export interface PathsInput {
  paths: readonly string[]
  /** A folder on each account the drop goes to; the dropped tree is mirrored under each. */
  targets: readonly DropTarget[]
  /**
   * A file whose name and size are already in its target folder: `skip` (the default) reports it as already
   * there, with that file's code and links, and sends nothing; `upload` sends it anyway.
   */
  ifAlreadyThere?: 'skip' | 'upload'
}

export interface UrlsInput {
  urls: readonly string[]
  /** A folder on each account the URLs go to. */
  targets: readonly DropTarget[]
  /**
   * Check each URL from this computer first (remote-probe.ts): dead ones are refused at once, web pages are
   * skipped unless `webPages` is 'upload'. Absent: sent unchecked (the check is off, or the caller did it).
   */
  check?: { timeoutMs?: number; webPages: WebPageChoice }
}

export interface PlanDeps {
  clientFor(accountId: string): Promise<ApiClient>
  /** Bytes already queued (not yet done) for the account: they will use storage too. */
  queuedBytes(accountId: string): number
  takeSeq(): number
  now(): number
  /** The units of the sizes in problems' English (logs, the CLI): the app's setting; default decimal. */
  sizeUnits?: () => SizeUnits
  /** The drop's scan (the one its question took, when it still holds: scan-reuse.ts). */
  scan(paths: readonly string[]): Promise<ScanResult>
}

export interface Plan {
  batch: BatchRecord | null
  items: ItemRecord[]
  problems: EnqueueProblem[]
}

export async function planPaths(input: PathsInput, deps: PlanDeps): Promise<Plan> {
  const targets = checkTargets(input.targets)
  if (
    input.ifAlreadyThere !== undefined &&
    input.ifAlreadyThere !== 'skip' &&
    input.ifAlreadyThere !== 'upload'
  )
    throw invalid(ENQUEUE.ifAlreadyThere)
  if (!Array.isArray(input.paths) || input.paths.length === 0) throw invalid(ENQUEUE.noPaths)
  const scan = await deps.scan(input.paths)
  const problems: EnqueueProblem[] = [...scan.problems]
  const emptyLeaves = uncoveredLeaves(
    scan.folders,
    scan.files.map((f) => f.relDir),
  )
  if (scan.files.length === 0 && emptyLeaves.length === 0) return { batch: null, items: [], problems }
  const accepted = await checkStorage(targets, scan.totalBytes, deps, problems)
  const batch = newBatch('paths', accepted, deps.now())
  const items: ItemRecord[] = []
  for (const target of accepted) {
    const { accountId } = target
    for (const f of scan.files) {
      items.push(
        newItem(batch, deps, target, {
          kind: 'file',
          accountId,
          relDir: f.relDir,
          name: f.name,
          source: f.path,
          size: f.size,
          mtimeMs: f.mtimeMs,
          ...(input.ifAlreadyThere === 'upload' ? { uploadAgain: true as const } : {}),
        }),
      )
    }
    for (const relDir of emptyLeaves) {
      const name = relDir[relDir.length - 1] as string
      items.push(
        newItem(batch, deps, target, {
          kind: 'folder',
          accountId,
          relDir,
          name,
          source: relDir.join('/'),
          size: null,
          mtimeMs: null,
        }),
      )
    }
  }
  return { batch: items.length > 0 ? batch : null, items, problems }
}

export async function planUrls(input: UrlsInput, deps: PlanDeps): Promise<Plan> {
  const targets = checkTargets(input.targets)
  if (!Array.isArray(input.urls) || input.urls.length === 0) throw invalid(ENQUEUE.noUrls)
  const problems: EnqueueProblem[] = []
  const urls: string[] = []
  for (const raw of input.urls) {
    const url = typeof raw === 'string' ? raw.trim() : ''
    if (!isHttpUrl(url)) {
      problems.push({ path: String(raw), kind: 'invalid_url', ...problemText(ENQUEUE.notHttp) })
    } else if (!urls.includes(url)) urls.push(url)
  }
  if (input.check) urls.splice(0, urls.length, ...(await checkUrls(urls, input.check, problems)))
  if (urls.length === 0) return { batch: null, items: [], problems }
  const batch = newBatch('urls', targets, deps.now())
  const items: ItemRecord[] = []
  for (const target of targets) {
    for (const url of urls) {
      items.push(
        newItem(batch, deps, target, {
          kind: 'url',
          accountId: target.accountId,
          relDir: [],
          name: remoteName(url),
          source: url,
          size: null,
          mtimeMs: null,
        }),
      )
    }
  }
  return { batch, items, problems }
}

/**
 * Folders the files do not create by themselves (empty ones), reduced to the deepest: creating a leaf creates
 * its parents. A folder is "covered" when some file's folder is it or lies below it.
 */
export function uncoveredLeaves(folders: readonly string[][], fileDirs: readonly string[][]): string[][] {
  const key = (d: readonly string[]) => d.join('\u0000')
  const covered = new Set<string>()
  for (const d of fileDirs) for (let n = 1; n <= d.length; n++) covered.add(key(d.slice(0, n)))
  const uncovered = folders.filter((f) => f.length > 0 && !covered.has(key(f)))
  const parents = new Set<string>()
  for (const f of uncovered) for (let n = 1; n < f.length; n++) parents.add(key(f.slice(0, n)))
  return uncovered.filter((f) => !parents.has(key(f)))
}

/** The targets whose account has room for `bytes` more (or could not be asked), in the order given. */
async function checkStorage(
  targets: readonly CheckedTarget[],
  bytes: number,
  deps: PlanDeps,
  problems: EnqueueProblem[],
): Promise<CheckedTarget[]> {
  const accepted: string[] = []
  await Promise.all(
    targets.map(async ({ accountId }) => {
      try {
        const info = await (await deps.clientFor(accountId)).accountInfo()
        const need = bytes + deps.queuedBytes(accountId)
        if (info.storageLeft !== 'unlimited' && need > info.storageLeft) {
          const sizes = { needBytes: need, leftBytes: info.storageLeft }
          const units = deps.sizeUnits?.() ?? 'decimal'
          const words = problemText(ENQUEUE.noRoom, sizes, { sizeText: (n) => formatBytes(n, units) })
          problems.push({ path: '', accountId, kind: 'not_enough_storage', ...words })
          return
        }
      } catch (err) {
        // Queueing while offline (or with a key that needs fixing) is a feature: the uploads wait, and the
        // queue pauses with the reason when they run. The check is reported as skipped.
        problems.push({
          path: '',
          accountId,
          kind: 'storage_unchecked',
          ...problemText(ENQUEUE.unchecked, causeValues(err), { operation: operationOf(err) }),
        })
      }
      accepted.push(accountId)
    }),
  )
  return targets.filter((t) => accepted.includes(t.accountId))
}

/** A target as the engine keeps it: its folder path without leading or trailing slashes ('' for the root). */
export interface CheckedTarget {
  accountId: string
  fldId: number
  basePath: string
}

/**
 * The engine's own check of where a drop goes: the contract checks the renderer's input, but the CLI, the folder
 * watch and "Open with" call the engine directly.
 */
export function checkTargets(targets: readonly DropTarget[]): CheckedTarget[] {
  if (!Array.isArray(targets) || targets.length === 0) throw invalid(ENQUEUE.noAccount)
  const ids = targets.map((t) => t.accountId)
  if (!ids.every((a) => typeof a === 'string' && a !== '')) throw invalid(ENQUEUE.noAccount)
  if (new Set(ids).size !== ids.length) throw invalid(ENQUEUE.accountTwice)
  return targets.map((t) => {
    if (!Number.isSafeInteger(t.fldId) || t.fldId < 0) throw invalid(ENQUEUE.folderId)
    return {
      accountId: t.accountId,
      fldId: t.fldId,
      basePath: (t.folderPath ?? '').replace(/^\/+|\/+$/g, ''),
    }
  })
}

function newBatch(kind: 'paths' | 'urls', targets: readonly CheckedTarget[], now: number): BatchRecord {
  return {
    id: randomUUID(),
    kind,
    accountIds: targets.map((t) => t.accountId),
    createdAt: now,
    finishedEmitted: false,
  }
}

function newItem(
  batch: BatchRecord,
  deps: PlanDeps,
  at: CheckedTarget,
  f: Pick<
    ItemRecord,
    'kind' | 'accountId' | 'relDir' | 'name' | 'source' | 'size' | 'mtimeMs' | 'uploadAgain'
  >,
): ItemRecord {
  return {
    id: randomUUID(),
    seq: deps.takeSeq(),
    batchId: batch.id,
    ...f,
    baseFldId: at.fldId,
    basePath: at.basePath,
    ...FRESH_ITEM,
    addedAt: batch.createdAt,
  }
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

function invalid(text: ErrorMessage): FiledockError {
  return translatedError({ kind: 'invalid_input' }, text)
}

/** The URLs worth sending; dead ones and unwanted web pages become problems with the reason. */
async function checkUrls(
  urls: readonly string[],
  check: NonNullable<UrlsInput['check']>,
  problems: EnqueueProblem[],
): Promise<string[]> {
  const keep: string[] = []
  const checks = await probeUrls(urls, check.timeoutMs === undefined ? {} : { timeoutMs: check.timeoutMs })
  for (const c of checks) {
    if (c.kind === 'dead')
      problems.push({
        path: c.url,
        kind: 'unreachable_url',
        message: c.message,
        messageId: c.messageId,
        values: c.values,
      })
    else if (c.kind === 'web_page' && check.webPages === 'skip') {
      problems.push({ path: c.url, kind: 'web_page', ...problemText(ENQUEUE.skipped, causeValues(c)) })
    } else keep.push(c.url)
  }
  return keep
}

const ENQUEUE = defineMessages({
  ifAlreadyThere: {
    id: 'errors.queue.ifAlreadyThere',
    defaultMessage: 'Say whether files already there are skipped or uploaded again.',
  },
  noPaths: { id: 'errors.queue.noPaths', defaultMessage: 'Give at least one file or folder.' },
  noUrls: { id: 'errors.queue.noUrls', defaultMessage: 'Give at least one URL.' },
  noAccount: { id: 'errors.queue.noAccount', defaultMessage: 'Pick at least one account to upload to.' },
  accountTwice: { id: 'errors.queue.accountTwice', defaultMessage: 'An account was given twice.' },
  folderId: {
    id: 'errors.queue.folderId',
    defaultMessage: 'The target folder id must be a whole number ≥ 0.',
  },
  notHttp: { id: 'queue.problem.notHttp', defaultMessage: 'This is not an http:// or https:// address.' },
  noRoom: {
    id: 'queue.problem.noRoom',
    defaultMessage:
      'Not enough storage on the account: {needBytes} to upload (queued uploads included), {leftBytes} left. Nothing was queued for this account; free some space or pick another account.',
  },
  unchecked: {
    id: 'queue.problem.storageUnchecked',
    defaultMessage:
      'The free space of the account could not be checked ({cause}). The files were queued anyway.',
  },
  skipped: { id: 'queue.problem.webPageSkipped', defaultMessage: '{cause} Skipped.' },
})

function operationOf(err: unknown): string | undefined {
  return err instanceof FiledockError ? err.operation : undefined
}
