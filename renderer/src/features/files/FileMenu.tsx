import * as ContextMenu from '@radix-ui/react-context-menu'
import type { FileListItem } from '../../../../shared/api/types.ts'
import { Icon, type IconName } from '../../components/Icon.tsx'
import { useSelection } from '../../state/selection-store.ts'
import type { FileActions } from './use-file-actions.ts'

interface FileMenuProps {
  selectedFiles: () => FileListItem[]
  actions: FileActions
  onRename: (file: FileListItem) => void
  onMove: (files: FileListItem[]) => void
}

const mod =
  typeof navigator !== 'undefined' && navigator.platform.toLowerCase().includes('mac') ? '⌘' : 'Ctrl+'

/** The right-click menu of the file pane; acts on the selection (a right-click selects the row first). */
export function FileMenu({ selectedFiles, actions, onRename, onMove }: FileMenuProps) {
  // Subscribing re-renders the menu when the right-click changed the selection.
  useSelection((s) => s.selected)
  const files = selectedFiles()
  const count = files.length
  const single = count === 1 ? files[0] : undefined
  const many = count > 1 ? ` (${count})` : ''

  return (
    <ContextMenu.Portal>
      <ContextMenu.Content className="menu" aria-label="File actions">
        {count === 0 ? <div className="menu-label">No files selected</div> : null}
        <Item
          icon="link"
          label={`Copy link${count > 1 ? 's' : ''}${many}`}
          shortcut={`${mod}C`}
          disabled={count === 0}
          onSelect={() => void actions.copyLinks(files)}
        />
        <Item
          icon="download"
          label={`Copy direct link${count > 1 ? 's' : ''}${many}`}
          shortcut={`${mod}Shift+C`}
          disabled={count === 0}
          onSelect={() => void actions.copyDirectLinks(files)}
        />
        <Item
          icon="external"
          label="Open page in browser"
          shortcut="Enter"
          disabled={count === 0}
          onSelect={() => actions.openPages(files)}
        />
        <ContextMenu.Separator className="menu-separator" />
        <Item
          icon="edit"
          label="Rename…"
          shortcut="F2"
          disabled={!single}
          onSelect={() => single && onRename(single)}
        />
        <Item
          icon="copy"
          label={`Clone${many}`}
          disabled={count === 0}
          onSelect={() => actions.clone.mutate(files.map((f) => f.fileCode))}
        />
        <Item
          icon="move"
          label={`Move to folder…${many}`}
          disabled={count === 0}
          onSelect={() => onMove(files)}
        />
      </ContextMenu.Content>
    </ContextMenu.Portal>
  )
}

interface ItemProps {
  icon: IconName
  label: string
  shortcut?: string
  disabled: boolean
  onSelect: () => void
}

function Item({ icon, label, shortcut, disabled, onSelect }: ItemProps) {
  return (
    <ContextMenu.Item className="menu-item" disabled={disabled} onSelect={onSelect}>
      <Icon name={icon} />
      {label}
      {shortcut ? <span className="shortcut">{shortcut}</span> : null}
    </ContextMenu.Item>
  )
}
