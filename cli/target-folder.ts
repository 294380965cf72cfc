import { defineMessage } from '@formatjs/intl'
import type { ApiClient } from '../core/api/client.ts'
import { type FiledockError, isFiledockError } from '../shared/errors.ts'
import { translatedError } from '../shared/i18n/error-text.ts'

/**
 * Why `--fld_id` cannot be used, or null when it can: the folder must exist on the host for this key. Asked before
 * anything is planned or queued, because an upload bound for a folder that is not there has nowhere to land (the
 * queue would keep trying to place it).
 *
 * The spec does not show how a host answers a folder it does not know, nor another account's folder. A careful
 * client reads a "not found" answer to folder/list (the sandbox's 404 "Folder not found") as "not a folder of
 * this account" whatever the reason, and stops on any other failure with that failure's own message (a network
 * or key problem says nothing about the folder). A host that lists a folder it does not have as empty cannot be
 * told apart from an empty folder; the run then fails where the host says so.
 */
export async function targetFolderProblem(
  client: ApiClient,
  fldId: number,
  signal?: AbortSignal,
): Promise<FiledockError | null> {
  // 0 is the account's root, which every account has.
  if (fldId === 0) return null
  try {
    await client.folderList(fldId, { signal })
    return null
  } catch (err) {
    if (!isFiledockError(err) || err.kind !== 'not_found') throw err
    return translatedError(
      { kind: 'not_found' },
      defineMessage({
        id: 'cli.errors.noSuchFolder',
        defaultMessage:
          'There is no folder {fldId} in this account on the host (--fld_id); nothing can go there. 0 is the root folder.',
      }),
      { fldId },
    )
  }
}
