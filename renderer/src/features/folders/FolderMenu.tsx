import * as ContextMenu from '@radix-ui/react-context-menu'
import { MenuItem } from '../../components/MenuItem.tsx'
import { commandLabel } from '../../lib/command-key.ts'
import { useFolderEdit } from './folder-edit-store.ts'
import { type FolderCommands, type FolderTarget, folderOf } from './use-folder-commands.ts'

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
        <MenuItem
          icon="folderOpen"
          label="Open"
          shortcut="Enter"
          onSelect={onOpen ?? (() => commands.open(folder))}
        />
        <MenuItem
          icon="edit"
          label="Rename"
          shortcut="F2"
          // The root has no name of its own on the host.
          disabled={id === 0}
          onSelect={onRename ?? (() => commands.rename(folder, returnTo))}
        />
        <MenuItem
          icon="plus"
          label="New folder inside"
          shortcut={commandLabel('N')}
          onSelect={() => commands.newInside(folder, returnTo)}
        />
        <ContextMenu.Separator className="menu-separator" />
        <MenuItem icon="upload" label="Upload here…" onSelect={() => commands.uploadHere(folder)} />
        <MenuItem
          icon="download"
          // The root stands for the account: its download is the whole account.
          label={id === 0 ? 'Download whole account…' : 'Download…'}
          onSelect={() => commands.download(folder)}
        />
        <MenuItem icon="link" label="Copy links of its files" onSelect={() => commands.copyLinks(folder)} />
        <MenuItem
          icon="check"
          label="Check links of its files"
          onSelect={() => commands.checkLinks(folder)}
        />
      </ContextMenu.Content>
    </ContextMenu.Portal>
  )
}
