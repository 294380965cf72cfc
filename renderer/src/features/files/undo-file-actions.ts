import type { FiledockErrorData } from '../../../../shared/errors.ts'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { MAX_SELECTION_ITEMS } from '../../../../shared/ipc/limits.ts'
import { api } from '../../app/bridge.ts'
import { call, errorKind, errorMessage } from '../../lib/call.ts'
import { WordedError } from '../../lib/worded-error.ts'

/**
 * Puts a renamed file's old name back, unless the host has changed it since: an undo must not overwrite a name
 * someone gave the file elsewhere (another window, the host's web page). The host is asked, not the index, which
 * only learns of outside changes when it next looks. Its refusals are worded when shown (WordedError): the toast
 * that says them follows a change of language.
 */
export async function renameBack(file: IndexFileRow, current: string, previous: string): Promise<void> {
  try {
    const [info] = await call(api.files.info({ accountId: file.accountId, fileCodes: [file.fileCode] }))
    if (!info?.found)
      throw new WordedError((intl) =>
        intl.formatMessage(
          { id: 'files.undo.renameGone', defaultMessage: '“{name}” is no longer on the host' },
          { name: current },
        ),
      )
    // The host trims names, so a name typed with spaces around it is the same name.
    if (info.name !== current.trim()) {
      const now = info.name
      throw new WordedError((intl) =>
        intl.formatMessage(
          {
            id: 'files.undo.renamedElsewhere',
            defaultMessage:
              'the file was renamed again elsewhere (it is now “{name}”), so its name was left as it is',
          },
          { name: now },
        ),
      )
    }
  } catch (error) {
    // A host that does not offer file details cannot be asked; the rename back still goes ahead, as the user asked.
    if (errorKind(error) !== 'forbidden') throw error
  }
  await call(api.files.rename({ accountId: file.accountId, fileCode: file.fileCode, name: previous }))
}

export interface MovedGroup {
  fldId: number
  fileCodes: string[]
}

/**
 * Moves each group of files back to the folder it came from (a search across folders moves files of many
 * folders at once), through the same move as the user's, in calls of at most MAX_SELECTION_ITEMS files. A file
 * already back where it was counts as moved back, so an undo cut short can be completed by moving again. Only files
 * still where the move put them go back: one moved on since (in another window) stays where it went. The index is
 * what knows that; a move made outside Filedock is known once the folder is next read. Throws a WordedError naming
 * what did not go back, and why in main's words, both written when shown.
 */
export async function moveBack(
  accountId: string,
  groups: readonly MovedGroup[],
  movedTo: number,
  /** Names known when the files were moved, for files the index no longer has by the time of the undo. */
  names: ReadonlyMap<string, string> = new Map(),
): Promise<number> {
  let back = 0
  const failed: Array<{ name: string; error: FiledockErrorData }> = []
  for (const group of groups) {
    for (let at = 0; at < group.fileCodes.length; at += MAX_SELECTION_ITEMS) {
      const files = group.fileCodes
        .slice(at, at + MAX_SELECTION_ITEMS)
        .map((fileCode) => ({ accountId, fileCode }))
      const result = await call(
        api.index.moveSelection({
          selection: { kind: 'files', files },
          accountId,
          fldId: group.fldId,
          onlyFrom: movedTo,
        }),
      )
      back += result.moved
      for (const f of result.failed) failed.push({ name: names.get(f.fileCode) ?? f.name, error: f.error })
    }
  }
  const first = failed[0]
  if (first) {
    const count = failed.length
    throw new WordedError((intl) => {
      const values = { back, count, name: first.name, error: errorMessage(first.error) }
      return back > 0
        ? intl.formatMessage(
            {
              id: 'files.undo.movePartly',
              defaultMessage:
                '{back, plural, one {# file} other {# files}} went back; {count, plural, one {# file} other {# files}} could not be moved back ({name}: {error})',
            },
            values,
          )
        : intl.formatMessage(
            {
              id: 'files.undo.moveFailed',
              defaultMessage:
                '{count, plural, one {# file} other {# files}} could not be moved back ({name}: {error})',
            },
            values,
          )
    })
  }
  return back
}
