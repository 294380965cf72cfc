import { defineMessages, type IntlShape } from 'react-intl'
import type { Crumb } from '../../state/ui-store.ts'

const words = defineMessages<{ root: Record<string, never>; path: { path: string } }>({
  root: { id: 'folders.root.name', defaultMessage: 'My files' },
  path: { id: 'folders.root.path', defaultMessage: 'My files/{path}' },
})

/** Words about folders said both in the tree and in the file list. */
export const folderWords = defineMessages<{ newFolderIn: { folder: string } }>({
  /** The accessible name of the row where a new folder's name is typed. */
  newFolderIn: { id: 'folders.newFolder.rowLabel', defaultMessage: 'New folder in {folder}' },
})

/**
 * A folder's name as shown. The account's root has no name on the host: the window names it "My files" in its
 * language (ui-store's ROOT crumb carries the English for code that keys on it); other folders are their names.
 */
export function crumbName(crumb: Crumb, intl: IntlShape): string {
  return crumb.id === 0 ? intl.formatMessage(words.root) : crumb.name
}

/** A place on the host ("photos/2024"; '' for the root) from the account's root: "My files/photos/2024". */
export function placeName(path: string, intl: IntlShape): string {
  return path === '' ? intl.formatMessage(words.root) : intl.formatMessage(words.path, { path })
}
