import { homedir } from 'node:os'
import { defineMessages } from '@formatjs/intl'
import { translatedError } from '../../../shared/i18n/error-text.ts'
import { NO_NATIVE_FOLDER_DIALOG } from '../../../shared/ipc/channels.ts'
import type { AppEvent } from '../../../shared/ipc/events.ts'
import type { FolderPurpose, localFoldersContract } from '../../../shared/ipc/local-folders-contract.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { EventBus } from '../../ipc/event-bus.ts'
import { canList, createFolder, isFolder, listFolders, notAFolder, startPlace } from '../local-folders.ts'
import type { SettingsStore } from '../settings-store.ts'

type LocalFolderChannels = keyof typeof localFoldersContract

/** The OS's folder dialog, injected by the Electron host: opened at `startAt`, answers the folder or null. */
export type PickFolder = (o: { purpose: FolderPurpose; startAt: string }) => Promise<string | null>

export interface LocalFolderHandlerDeps {
  settings: SettingsStore
  events: EventBus<AppEvent>
  pickFolder?: PickFolder | undefined
  /** The user's home (tests give a folder of their own). */
  home?: string
}

/** THE local-folder picker's side in main (shared/ipc/local-folders-contract.ts). */
export function localFolderHandlers(d: LocalFolderHandlerDeps): Pick<Handlers, LocalFolderChannels> {
  const home = d.home ?? homedir()
  /** Where a picker for `purpose` opens: the last choice while Filedock can still list it, else the default. */
  const opening = async (purpose: FolderPurpose) => {
    const last = d.settings.get().lastFolders[purpose]
    return last !== undefined && (await canList(last)) ? last : startPlace(purpose, home)
  }
  const remember = async (purpose: FolderPurpose, path: string) => {
    await d.settings.update({ lastFolders: { ...d.settings.get().lastFolders, [purpose]: path } })
    d.events.emit({ type: 'settings.changed' })
  }

  return {
    'local.pickFolder': async ({ purpose, startAt }) => {
      if (d.pickFolder === undefined) {
        throw translatedError({ kind: 'not_found', operation: NO_NATIVE_FOLDER_DIALOG }, TEXT.noFolderDialog)
      }
      const at = startAt !== null && (await isFolder(startAt)) ? startAt : await opening(purpose)
      const chosen = await d.pickFolder({ purpose, startAt: at })
      if (chosen !== null) await remember(purpose, chosen)
      return chosen
    },
    'local.listFolders': async ({ purpose, path }) => listFolders(path ?? (await opening(purpose)), home),
    'local.createFolder': async ({ parent, name }) => createFolder(parent, name),
    'local.rememberFolder': async ({ purpose, path }) => {
      if (!(await isFolder(path))) throw notAFolder(path)
      await remember(purpose, path)
      return null
    },
  }
}

const TEXT = defineMessages({
  noFolderDialog: {
    id: 'errors.app.noFolderDialog',
    defaultMessage: 'This window has no folder dialog of the system; it shows its own.',
  },
})
