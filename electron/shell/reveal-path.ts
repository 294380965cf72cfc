import { defineMessages } from '@formatjs/intl'
import type { Shell } from 'electron'
import type { RevealPath } from '../../core/app/handlers/download-handlers.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'

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
      throw translatedError({ kind: 'not_found' }, TEXT.notOpened, { path, detail: failure })
  }
}

const TEXT = defineMessages({
  // {detail}: the OS's own reason, as shell.openPath gives it.
  notOpened: { id: 'errors.openPath.notOpened', defaultMessage: '{path} could not be opened: {detail}' },
})
