import { defineMessages } from '@formatjs/intl'
import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron'
import type { MainText } from '../../core/i18n/main-intl.ts'

type DialogLike = Pick<Dialog, 'showOpenDialog'>

/**
 * dialog.pickPaths for the core: the native open dialog, modal to the window, for files or folders (several at
 * once either way). A cancelled dialog answers [], which the renderer treats as "nothing to upload".
 */
export function createPathPicker(dialog: DialogLike, window: () => BrowserWindow | null, text: MainText) {
  return async (kind: 'files' | 'folder'): Promise<string[]> => {
    const intl = text()
    const options: OpenDialogOptions = {
      title: intl.formatMessage(kind === 'files' ? TEXT.files : TEXT.folders),
      buttonLabel: intl.formatMessage(TEXT.upload),
      properties:
        kind === 'files'
          ? ['openFile', 'multiSelections']
          : ['openDirectory', 'multiSelections', 'createDirectory'],
    }
    const win = window()
    const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
    return result.canceled ? [] : result.filePaths
  }
}

const TEXT = defineMessages({
  files: { id: 'main.pickPaths.files', defaultMessage: 'Upload files' },
  folders: { id: 'main.pickPaths.folders', defaultMessage: 'Upload folders' },
  upload: { id: 'main.pickPaths.upload', defaultMessage: 'Upload' },
})
