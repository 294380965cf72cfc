import { FiledockError } from '../../../../shared/errors.ts'
import { NO_NATIVE_FOLDER_DIALOG } from '../../../../shared/ipc/channels.ts'
import type { FolderPurpose } from '../../../../shared/ipc/local-folders-contract.ts'
import { api } from '../../app/bridge.ts'
import { useLocalFolderRequest } from './local-folder-request.ts'

/**
 * THE way the app asks the user for a folder of this machine, for any purpose (the watched folder, its Done
 * folder, where downloads go): the OS's dialog under Electron, the page's own picker in the browser host (which
 * browses the folders of the machine the host runs on: the user's own, on 127.0.0.1). Either opens at `startAt`
 * when it is a folder, else where the last choice for the purpose was, and remembers the new one. Resolves to
 * the folder, or null when the user cancelled. Rejects with the host's refusal.
 */
export async function chooseLocalFolder(
  purpose: FolderPurpose,
  startAt: string | null,
): Promise<string | null> {
  const native = await api.local.pickFolder({ purpose, startAt })
  if (native.ok) return native.value
  if (native.error.operation !== NO_NATIVE_FOLDER_DIALOG) throw new FiledockError(native.error)
  return useLocalFolderRequest.getState().ask(purpose, startAt)
}
