import type { IndexFolderRow } from '../../../../shared/file-index.ts'
import { fileGrid } from '../files/file-grid.ts'
import { useRename } from '../files/rename-store.ts'
import { FolderMenu } from './FolderMenu.tsx'
import { folderRowPath } from './folder-row-path.ts'
import { useFolderCommands } from './use-folder-commands.ts'

interface PaneFolderMenuProps {
  row: IndexFolderRow
  onOpen: () => void
  /** The row's own name field (the file pane's rename in place), not the tree's. */
  onRename: () => void
}

/** The folder menu of a folder row in the file pane. */
export function PaneFolderMenu({ row, onOpen, onRename }: PaneFolderMenuProps) {
  const commands = useFolderCommands()
  const path = folderRowPath(row)
  // New folder inside opens its name field in the tree; once it closes, the keyboard goes back to the grid.
  const grid = fileGrid()
  return (
    <FolderMenu
      folder={{ accountId: row.accountId, path }}
      commands={commands}
      onOpen={onOpen}
      onRename={onRename}
      editingElsewhere={() => useRename.getState().editing !== null}
      returnTo={grid}
    />
  )
}
