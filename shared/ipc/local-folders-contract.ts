import { z } from 'zod'
import { defineChannel } from './define-channel.ts'
import { absolutePath, entryName } from './fields.ts'

/**
 * THE local-folder picker's channels: one picker for every place the app asks for a folder of this machine
 * (the watched folder, its Done folder, where downloads go). Under Electron the OS's own dialog; in the browser
 * host the page browses the machine's folders itself (names of folders only; core/app/local-folders.ts says why
 * that is safe). The last folder chosen is remembered per purpose, and a picker opens there next time.
 */
export const folderPurposes = ['watch', 'watch-done', 'downloads'] as const
export type FolderPurpose = (typeof folderPurposes)[number]
const purpose = z.enum(folderPurposes)

/** A folder everyone has, offered beside the list (Home, Downloads, the disk's root). */
/**
 * A place beside the picker's list: the home folder and the disk's root are named by the window in its language
 * (`label` is their English, for logs); a usual folder (Desktop, Downloads…) by its name on the disk, which is data.
 */
export interface LocalPlace {
  kind: 'home' | 'folder' | 'root'
  label: string
  path: string
}

export interface LocalFolderListing {
  /** The folder listed, absolute. */
  path: string
  /** Its parent; null at a disk's root. */
  parent: string | null
  /** Its subfolders' names (no files, no hidden folders), in the order people count. */
  folders: string[]
  places: LocalPlace[]
}

/** A new folder's name: one name, not a path (no separator, not "." or ".."). */
export const localFolderName = entryName
  .refine((s) => !/[/\\]/.test(s), 'A folder name cannot contain / or \\')
  .refine((s) => s !== '.' && s !== '..', 'That name is taken by the folder system')

export const localFoldersContract = {
  /**
   * The OS's folder dialog (Electron), opened at `startAt`, else the purpose's last choice, else the user's home
   * (Downloads for downloads); the choice is remembered for the purpose. null: cancelled. The browser host
   * answers kind `not_found` with operation NO_NATIVE_FOLDER_DIALOG.
   */
  'local.pickFolder': defineChannel<string | null>()(
    z.strictObject({ purpose, startAt: absolutePath.nullable() }),
  ),
  /**
   * One folder's subfolders, for the page's own picker. `path` null: where a picker for `purpose` opens (the
   * last choice while it is still there, else home or Downloads).
   */
  'local.listFolders': defineChannel<LocalFolderListing>()(
    z.strictObject({ purpose, path: absolutePath.nullable() }),
  ),
  /** A new folder `name` inside `parent` (the picker's New folder); answers its path. */
  'local.createFolder': defineChannel<string>()(
    z.strictObject({ parent: absolutePath, name: localFolderName }),
  ),
  /** The page's picker chose `path` for `purpose`: opened there next time. */
  'local.rememberFolder': defineChannel<null>()(z.strictObject({ purpose, path: absolutePath })),
}
