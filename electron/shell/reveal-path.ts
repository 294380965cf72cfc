import type { Shell } from 'electron'
import type { RevealPath } from '../../core/app/handlers/download-handlers.ts'
import { FiledockError } from '../../shared/errors.ts'

type ShellLike = Pick<Shell, 'showItemInFolder' | 'openPath'>

/**
 * downloads.reveal for the core: a finished download shown in the OS's file manager, selected in its folder
 * (shell.showItemInFolder), or opened with its default application (shell.openPath, which answers the OS's reason
 * when nothing opens it). The core hands over only paths the queue downloaded to.
 */
export function createRevealer(shell: ShellLike): RevealPath {
  return async (path, how) => {
    if (how === 'folder') {
      shell.showItemInFolder(path)
      return
    }
    const failure = await shell.openPath(path)
    if (failure !== '')
      throw new FiledockError({ kind: 'not_found', message: `${path} could not be opened: ${failure}` })
  }
}
