import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron'

type DialogLike = Pick<Dialog, 'showOpenDialog'>

/**
 * dialog.pickPaths for the core: the native open dialog, modal to the window, for files or folders (several at
 * once either way). A cancelled dialog answers [], which the renderer treats as "nothing to upload".
 */
export function createPathPicker(dialog: DialogLike, window: () => BrowserWindow | null) {
  return async (kind: 'files' | 'folder'): Promise<string[]> => {
    const options: OpenDialogOptions = {
      title: kind === 'files' ? 'Upload files' : 'Upload folders',
      buttonLabel: 'Upload',
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
