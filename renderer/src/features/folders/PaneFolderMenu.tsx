import type { IndexFolderRow } from '../../../../shared/file-index.ts'
import { ROOT, useUi } from '../../state/ui-store.ts'
import { useRename } from '../files/rename-store.ts'
import { FolderMenu } from './FolderMenu.tsx'
import { useFolderCommands } from './use-folder-commands.ts'

interface PaneFolderMenuProps {
  row: IndexFolderRow
  onOpen: () => void
  /** The row's own name field (the file pane's rename in place), not the tree's. */
  onRename: () => void
}

/**
 * The folder menu of a folder row in the file pane. Folder rows are the open folder's subfolders (a search
 * across folders lists files only), so the row's path is the open folder's plus one step.
 */
export function PaneFolderMenu({ row, onOpen, onRename }: PaneFolderMenuProps) {
  const commands = useFolderCommands()
  const view = useUi((s) => s.view)
  const parent = view.kind === 'files' ? view.path : [ROOT]
  const path = [...parent, { id: row.fldId, name: row.name }]
  // New folder inside opens its name field in the tree; once it closes, the keyboard goes back to the grid.
  const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Files"]')
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
