import { defineMessages, type MessageDescriptor } from '@formatjs/intl'
import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron'
import type { PickFolder } from '../../core/app/handlers/local-folder-handlers.ts'
import type { MainText } from '../../core/i18n/main-intl.ts'
import type { FolderPurpose } from '../../shared/ipc/local-folders-contract.ts'

type DialogLike = Pick<Dialog, 'showOpenDialog'>

/** What the dialog asks for, in the words of the place that asked. */
const TEXT = defineMessages({
  watch: { id: 'main.pickFolder.watch', defaultMessage: 'Folder to watch' },
  watchButton: { id: 'main.pickFolder.watchButton', defaultMessage: 'Watch this folder' },
  watchDone: { id: 'main.pickFolder.watchDone', defaultMessage: 'Move sent files to' },
  downloads: { id: 'main.pickFolder.downloads', defaultMessage: 'Download to' },
  choose: { id: 'main.pickFolder.choose', defaultMessage: 'Choose' },
})
const TITLES: Record<FolderPurpose, { title: MessageDescriptor; buttonLabel: MessageDescriptor }> = {
  watch: { title: TEXT.watch, buttonLabel: TEXT.watchButton },
  'watch-done': { title: TEXT.watchDone, buttonLabel: TEXT.choose },
  downloads: { title: TEXT.downloads, buttonLabel: TEXT.choose },
}

/**
 * local.pickFolder for the core: the OS's folder dialog, modal to the window, opened where main says (the
 * purpose's last choice, else home or Downloads), with the OS's own New Folder. One folder; null when cancelled.
 */
export function createFolderPicker(
  dialog: DialogLike,
  window: () => BrowserWindow | null,
  text: MainText,
): PickFolder {
  return async ({ purpose, startAt }) => {
    const intl = text()
    const options: OpenDialogOptions = {
      title: intl.formatMessage(TITLES[purpose].title),
      buttonLabel: intl.formatMessage(TITLES[purpose].buttonLabel),
      defaultPath: startAt,
      properties: ['openDirectory', 'createDirectory'],
    }
    const win = window()
    const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
    return result.canceled ? null : (result.filePaths[0] ?? null)
  }
}
