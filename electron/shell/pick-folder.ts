import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron'
import type { PickFolder } from '../../core/app/handlers/local-folder-handlers.ts'
import type { FolderPurpose } from '../../shared/ipc/local-folders-contract.ts'

type DialogLike = Pick<Dialog, 'showOpenDialog'>

/** What the dialog asks for, in the words of the place that asked. */
const TITLES: Record<FolderPurpose, { title: string; buttonLabel: string }> = {
  watch: { title: 'Folder to watch', buttonLabel: 'Watch this folder' },
  'watch-done': { title: 'Move sent files to', buttonLabel: 'Choose' },
  downloads: { title: 'Download to', buttonLabel: 'Choose' },
}

/**
 * local.pickFolder for the core: the OS's folder dialog, modal to the window, opened where main says (the
 * purpose's last choice, else home or Downloads), with the OS's own New Folder. One folder; null when cancelled.
 */
export function createFolderPicker(dialog: DialogLike, window: () => BrowserWindow | null): PickFolder {
  return async ({ purpose, startAt }) => {
    const options: OpenDialogOptions = {
      ...TITLES[purpose],
      defaultPath: startAt,
      properties: ['openDirectory', 'createDirectory'],
    }
    const win = window()
    const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
    return result.canceled ? null : (result.filePaths[0] ?? null)
  }
}
