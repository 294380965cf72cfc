import { stat } from 'node:fs/promises'
import type { HistoryEntry } from '../../shared/history.ts'
import type { BatchVerifyFile, VerifyResult } from '../../shared/verify.ts'
import type { ApiClient } from '../api/client.ts'
import { type VerifyEntry, verifyFiles } from './verify-files.ts'

/** One file of an upload batch: its history record, or (`notUploaded`) a file of the batch that never went up. */
export interface BatchMember {
  entry: Pick<
    HistoryEntry,
    'id' | 'accountId' | 'accountLabel' | 'relPath' | 'fileCode' | 'localPath' | 'size'
  >
  notUploaded?: boolean
}

export interface VerifyBatchOptions {
  members: readonly BatchMember[]
  clientFor(accountId: string): Promise<Pick<ApiClient, 'fileInfo' | 'directLink' | 'openRange'>>
  full?: boolean
  seed?: number
  signal?: AbortSignal | undefined
  /**
   * Whether a recorded local path is still the user's file. The browser host stages dropped files in its own
   * folder and deletes them once uploaded: such a path says nothing of the user's file ("source unknown").
   */
  sourceKept?: ((path: string) => boolean) | undefined
  /** Each file's result as soon as it is known (in completion order). */
  onResult?: ((f: BatchVerifyFile) => void) | undefined
}

/**
 * Verifies the files of an upload-history batch with the one comparer (verifyFiles: sizes, then sampled or full
 * ranges), one account at a time (a mirrored batch has a copy on each). Before any byte is read, records that
 * cannot be verified are answered: no local path (`source-unknown`) or a local file no longer there
 * (`missing-locally`). Results in the members' order. Throws `cancelled` when the signal aborts; the files
 * reported through onResult by then are final.
 */
export async function verifyBatch(o: VerifyBatchOptions): Promise<BatchVerifyFile[]> {
  const out: Array<BatchVerifyFile | undefined> = new Array(o.members.length)
  const settle = (i: number, f: BatchVerifyFile) => {
    out[i] = f
    o.onResult?.(f)
  }
  const byAccount = new Map<string, Array<{ i: number; v: VerifyEntry }>>()
  for (const [i, m] of o.members.entries()) {
    const e = m.entry
    const base = {
      entryId: e.id,
      accountLabel: e.accountLabel,
      relPath: e.relPath,
      fileCode: m.notUploaded || e.fileCode === '' ? null : e.fileCode,
      bytesRead: 0,
      hostSize: null,
    }
    const path = e.localPath
    if (path === undefined || (o.sourceKept && !o.sourceKept(path))) {
      settle(i, { ...base, status: 'source-unknown', localPath: null, localSize: null })
      continue
    }
    if (!(await isFile(path))) {
      settle(i, { ...base, status: 'missing-locally', localPath: path, localSize: null })
      continue
    }
    const group = byAccount.get(e.accountId) ?? []
    group.push({ i, v: { relPath: e.relPath, localPath: path, fileCode: base.fileCode } })
    byAccount.set(e.accountId, group)
  }
  for (const [accountId, group] of byAccount) {
    o.signal?.throwIfAborted()
    // verifyFiles reports in completion order and by relPath: the group's own list maps each back to its member.
    const waiting = new Map<string, number[]>()
    for (const { i, v } of group) waiting.set(v.relPath, [...(waiting.get(v.relPath) ?? []), i])
    const toFile = (r: VerifyResult): void => {
      const i = waiting.get(r.relPath)?.shift()
      if (i === undefined) return
      const m = o.members[i] as BatchMember
      settle(i, {
        ...r,
        entryId: m.entry.id,
        accountLabel: m.entry.accountLabel,
        localPath: m.entry.localPath ?? null,
      })
    }
    await verifyFiles({
      client: await o.clientFor(accountId),
      entries: group.map((g) => g.v),
      full: o.full ?? false,
      seed: o.seed ?? 0,
      signal: o.signal,
      onResult: toFile,
    })
  }
  return out.filter((f): f is BatchVerifyFile => f !== undefined)
}

/** False when nothing is at the path (or a folder is); another error is left to verifyFiles to report. */
async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code !== 'ENOENT' && code !== 'ENOTDIR'
  }
}
