import type { IndexFolderRow } from '../../../../shared/file-index.ts'
import { type Crumb, ROOT, useUi } from '../../state/ui-store.ts'

type FolderRow = Pick<IndexFolderRow, 'fldId' | 'name' | 'parents'>

/**
 * A folder row's path from the root, itself the last step: a subfolder of the open folder, or one found at any
 * depth below it by a search (the index gives each row the folders on its way).
 */
export const folderRowPath = (row: FolderRow): Crumb[] => [
  ROOT,
  ...row.parents,
  { id: row.fldId, name: row.name },
]

/** Opens a folder row of the file pane at its place (the breadcrumb and the sidebar tree follow it). */
export const openFolderRow = (row: FolderRow) => useUi.getState().openFolder(folderRowPath(row))
