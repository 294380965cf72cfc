import * as ContextMenu from '@radix-ui/react-context-menu'
import { Icon, type IconName } from '../../components/Icon.tsx'
import { useFolderEdit } from './folder-edit-store.ts'
import { type FolderCommands, type FolderTarget, folderOf } from './use-folder-commands.ts'

const mod =
  typeof navigator !== 'undefined' && navigator.platform.toLowerCase().includes('mac') ? '⌘' : 'Ctrl+'

interface FolderMenuProps {
  folder: FolderTarget
  commands: FolderCommands
  /** The file pane opens and renames its rows its own way; the tree uses the commands'. */
  onOpen?: () => void
  onRename?: () => void
  /** Where focus goes after Rename or New folder inside, when not the tree (the file grid). */
  returnTo?: HTMLElement | null
  /** True when the entry chosen opened a name field of the caller's own (the file pane's rename in place). */
  editingElsewhere?: () => boolean
}

/** The right-click menu of a folder, in the sidebar tree and on the file pane's folder rows. */
export function FolderMenu(props: FolderMenuProps) {
  const { folder, commands, onOpen, onRename, returnTo = null, editingElsewhere } = props
  const { id, name } = folderOf(folder)
  return (
    <ContextMenu.Portal>
      <ContextMenu.Content
        className="menu"
        aria-label={`Folder ${name}`}
        // Rename and New folder open a name field: focus must go there, not back to where the click was. The
        // other entries give focus back to the row or grid the menu was opened on.
        onCloseAutoFocus={(e) => {
          if (useFolderEdit.getState().edit !== null || editingElsewhere?.()) e.preventDefault()
        }}
      >
        <div className="menu-label truncate">{name}</div>
        <Item
          icon="folderOpen"
          label="Open"
          shortcut="Enter"
          onSelect={onOpen ?? (() => commands.open(folder))}
        />
        <Item
          icon="edit"
          label="Rename"
          shortcut="F2"
          // The root has no name of its own on the host.
          disabled={id === 0}
          onSelect={onRename ?? (() => commands.rename(folder, returnTo))}
        />
        <Item
          icon="plus"
          label="New folder inside"
          shortcut={`${mod}N`}
          onSelect={() => commands.newInside(folder, returnTo)}
        />
        <ContextMenu.Separator className="menu-separator" />
        <Item icon="upload" label="Upload here…" onSelect={() => commands.uploadHere(folder)} />
        <Item icon="link" label="Copy links of its files" onSelect={() => commands.copyLinks(folder)} />
        <Item icon="check" label="Check links of its files" onSelect={() => commands.checkLinks(folder)} />
      </ContextMenu.Content>
    </ContextMenu.Portal>
  )
}

interface ItemProps {
  icon: IconName
  label: string
  shortcut?: string
  disabled?: boolean
  onSelect: () => void
}

function Item({ icon, label, shortcut, disabled = false, onSelect }: ItemProps) {
  return (
    <ContextMenu.Item className="menu-item" disabled={disabled} onSelect={onSelect}>
      <Icon name={icon} />
      {label}
      {shortcut ? <span className="shortcut">{shortcut}</span> : null}
    </ContextMenu.Item>
  )
}
