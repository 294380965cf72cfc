import { defineMessages } from '@formatjs/intl'
import pLimit from 'p-limit'
import { type FiledockErrorData, isFiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { ApiClient } from '../api/client.ts'
import { logLine } from '../logging/log.ts'
import { redactSecrets } from '../logging/redact.ts'
import { logMissedChange } from './confirmed-changes.ts'
import type { IndexService } from './index-service.ts'
import type { ScopeContext } from './query-scope.ts'
import type { Selection } from './selection.ts'

/** file/set_folder takes one file per call; a few at a time is quick without hammering the host. */
const MOVE_CONCURRENCY = 4

/** How far a move has got: files moved (or already there) and failed, of all the selection's files. */
export interface MoveProgress {
  moved: number
  failed: number
  total: number
}

export interface MoveResult {
  moved: number
  failed: Array<{ accountId: string; fileCode: string; name: string; error: FiledockErrorData }>
  /** The files this call moved, by the folder each left: what an undo moves back (already-there files are not). */
  from: MovedFrom[]
  /** The target and the folders files left, for index.changed. */
  changedFolders: number[]
}

export interface MovedFrom {
  fldId: number
  fileCodes: string[]
}

/**
 * Moves every file of a selection into `fldId` of `accountId`, a few at a time, writing each success to the index
 * at once (a cut-short move leaves the index true to the host). Files of other accounts cannot move across
 * accounts and fail with the reason; files already in the folder count as moved without a call, so repeating a
 * move is safe.
 */
export async function moveSelection(
  sel: Selection,
  accountId: string,
  fldId: number,
  index: IndexService,
  ctx: ScopeContext,
  client: ApiClient,
  /** Told once the files are counted and after each file settles (throttling is the caller's). */
  onProgress?: (progress: MoveProgress) => void,
  /**
   * Move only files the index has in this folder (an undo: files moved on elsewhere since, in another window,
   * stay where they went and are reported). Files already in the target still count as moved.
   */
  onlyFrom?: number,
): Promise<MoveResult> {
  const limit = pLimit(MOVE_CONCURRENCY)
  const failed: MoveResult['failed'] = []
  const sources = new Map<number, string[]>()
  let moved = 0
  const tasks: Array<Promise<void>> = []
  let total = 0
  const report = () => onProgress?.({ moved, failed: failed.length, total })
  for (const file of index.selectedFiles(sel, ctx)) {
    total++
    if (file.kind === 'missing') {
      failed.push({
        accountId: file.accountId,
        fileCode: file.fileCode,
        name: file.fileCode,
        error: translatedError({ kind: 'not_found' }, TEXT.notIndexed).toJSON(),
      })
      continue
    }
    if (file.accountId !== accountId) {
      failed.push({
        accountId: file.accountId,
        fileCode: file.fileCode,
        name: file.name,
        error: translatedError({ kind: 'invalid_input' }, TEXT.otherAccount).toJSON(),
      })
      continue
    }
    if (file.fldId === fldId) {
      moved++
      continue
    }
    if (onlyFrom !== undefined && file.fldId !== onlyFrom) {
      failed.push({
        accountId,
        fileCode: file.fileCode,
        name: file.name,
        error: translatedError({ kind: 'invalid_input' }, TEXT.movedMeanwhile).toJSON(),
      })
      continue
    }
    tasks.push(
      limit(async () => {
        try {
          await client.fileSetFolder(file.fileCode, fldId)
          // Written before the file counts as moved: the caller's index.changed follows the commit. A listing of
          // the host that began before the move leaves the file where it went (index-writer.ts).
          await recordMove(index, accountId, file.fileCode, fldId)
          const left = sources.get(file.fldId)
          if (left) left.push(file.fileCode)
          else sources.set(file.fldId, [file.fileCode])
          moved++
        } catch (error) {
          // One failed file must not hide the others' success; a non-Filedock error is still a bug.
          if (!isFiledockError(error)) throw error
          const data = error.toJSON()
          failed.push({
            accountId,
            fileCode: file.fileCode,
            name: file.name,
            error: { ...data, message: redactSecrets(data.message) },
          })
        }
        report()
      }),
    )
  }
  // Every file is counted before the first call settles (the loop above never awaits).
  report()
  await Promise.all(tasks)
  const from = [...sources].map(([source, fileCodes]) => ({ fldId: source, fileCodes }))
  return { moved, failed, from, changedFolders: [fldId, ...sources.keys()] }
}

/**
 * The host moved the file: an index that fails to record it is logged, not the move's failure (the next check of
 * the folders puts it right).
 */
async function recordMove(index: IndexService, accountId: string, fileCode: string, fldId: number) {
  try {
    await index.recordChange(accountId, { kind: 'filesMoved', fileCodes: [fileCode], fldId })
  } catch (error) {
    logMissedChange(logLine, 'filesMoved', error)
  }
}

const TEXT = defineMessages({
  notIndexed: {
    id: 'errors.move.notIndexed',
    defaultMessage: 'This file is no longer in the index; refresh the folder and try again.',
  },
  otherAccount: {
    id: 'errors.move.otherAccount',
    defaultMessage: 'Files move only between folders of the same account.',
  },
  // Shown after the file's name in the list of files a drop did not move.
  movedMeanwhile: {
    id: 'errors.move.movedMeanwhile',
    defaultMessage: 'it was moved to another folder since, and was left there',
  },
})
