import * as ContextMenu from '@radix-ui/react-context-menu'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { MenuItem } from '../../components/MenuItem.tsx'
import { commandLabel } from '../../lib/command-key.ts'
import { formatNumber } from '../../lib/format.ts'
import { useSelection } from '../../state/selection-store.ts'
import { PaneFolderMenu } from '../folders/PaneFolderMenu.tsx'
import { useRename } from './rename-store.ts'
import type { FileCommands } from './use-file-commands.ts'
import type { SelectionCount } from './use-selection-summary.ts'

/** The right-click menu of the file pane; acts on the selection (a right-click selects the row first). */
export function FileMenu({
  commands,
  summary,
  rowAt,
}: {
  commands: FileCommands
  summary: SelectionCount | null
  rowAt: (index: number) => IndexRow | undefined
}) {
  const whole = useSelection((s) => s.all !== null)
  const focusIndex = useSelection((s) => s.focusIndex)
  const pickedNone = useSelection((s) => s.picked.size === 0)
  // A right-click on a folder row puts the cursor there and picks nothing: the menu is the folder's.
  const folder = whole || !pickedNone ? undefined : rowAt(focusIndex)
  if (folder?.kind === 'folder')
    return <PaneFolderMenu row={folder} onOpen={() => commands.open(focusIndex)} onRename={commands.rename} />
  const count = summary?.files ?? 0
  const single = count === 1 && !whole
  const many = count > 1 ? ` (${formatNumber(count)})` : ''

  return (
    <ContextMenu.Portal>
      <ContextMenu.Content
        className="menu"
        aria-label="File actions"
        // Rename puts focus in the row's name field: the menu must not take it back to the grid as it closes.
        onCloseAutoFocus={(e) => useRename.getState().editing && e.preventDefault()}
      >
        {summary === null ? <div className="menu-label">No files selected</div> : null}
        <MenuItem
          icon="link"
          label={`Copy link${count > 1 ? 's' : ''}${many}`}
          shortcut={commandLabel('C')}
          disabled={summary === null}
          onSelect={commands.copyLinks}
        />
        <MenuItem
          icon="download"
          label={`Copy direct link${count > 1 ? 's' : ''}${many}`}
          shortcut={commandLabel('Shift+C')}
          disabled={summary === null}
          onSelect={commands.copyDirectLinks}
        />
        <MenuItem
          icon="check"
          label={`Check link${count > 1 ? 's' : ''}${many}`}
          disabled={summary === null}
          onSelect={commands.checkLinks}
        />
        <MenuItem
          icon="external"
          label="Open page in browser"
          shortcut="Enter"
          disabled={summary === null || whole}
          onSelect={() => commands.open(focusIndex)}
        />
        <MenuItem
          icon="download"
          label={`Download…${many}`}
          shortcut={commandLabel('Shift+S')}
          disabled={summary === null}
          onSelect={commands.download}
        />
        <ContextMenu.Separator className="menu-separator" />
        <MenuItem icon="edit" label="Rename" shortcut="F2" disabled={!single} onSelect={commands.rename} />
        <MenuItem icon="copy" label={`Clone${many}`} disabled={summary === null} onSelect={commands.clone} />
        <MenuItem
          icon="move"
          label={`Move to folder…${many}`}
          disabled={summary === null}
          onSelect={commands.move}
        />
      </ContextMenu.Content>
    </ContextMenu.Portal>
  )
}
