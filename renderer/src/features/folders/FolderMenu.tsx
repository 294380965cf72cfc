import * as ContextMenu from '@radix-ui/react-context-menu'
import { useIntl } from 'react-intl'
import { MenuItem } from '../../components/MenuItem.tsx'
import { commandLabel } from '../../lib/command-key.ts'
import { useFolderEdit } from './folder-edit-store.ts'
import { crumbName } from './folder-words.ts'
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
  const intl = useIntl()
  const crumb = folderOf(folder)
  const { id } = crumb
  const name = crumbName(crumb, intl)
  return (
    <ContextMenu.Portal>
      <ContextMenu.Content
        className="menu"
        aria-label={intl.formatMessage(
          { id: 'folders.menu.label', defaultMessage: 'Folder {name}' },
          { name },
        )}
        // Rename and New folder open a name field: focus must go there, not back to where the click was. The
        // other entries give focus back to the row or grid the menu was opened on.
        onCloseAutoFocus={(e) => {
          if (useFolderEdit.getState().edit !== null || editingElsewhere?.()) e.preventDefault()
        }}
      >
        <div className="menu-label truncate" translate={id === 0 ? undefined : 'no'}>
          {name}
        </div>
        <MenuItem
          icon="folderOpen"
          label={intl.formatMessage({ id: 'folders.menu.open', defaultMessage: 'Open' })}
          shortcut="Enter"
          onSelect={onOpen ?? (() => commands.open(folder))}
        />
        <MenuItem
          icon="edit"
          label={intl.formatMessage({ id: 'folders.menu.rename', defaultMessage: 'Rename' })}
          shortcut="F2"
          // The root has no name of its own on the host.
          disabled={id === 0}
          onSelect={onRename ?? (() => commands.rename(folder, returnTo))}
        />
        <MenuItem
          icon="plus"
          label={intl.formatMessage({ id: 'folders.menu.newInside', defaultMessage: 'New folder inside' })}
          shortcut={commandLabel('N')}
          onSelect={() => commands.newInside(folder, returnTo)}
        />
        <ContextMenu.Separator className="menu-separator" />
        <MenuItem
          icon="upload"
          label={intl.formatMessage({ id: 'folders.menu.uploadHere', defaultMessage: 'Upload here…' })}
          onSelect={() => commands.uploadHere(folder)}
        />
        <MenuItem
          icon="download"
          // The root stands for the account: its download is the whole account.
          label={
            id === 0
              ? intl.formatMessage({
                  id: 'folders.menu.downloadAccount',
                  defaultMessage: 'Download whole account…',
                })
              : intl.formatMessage({ id: 'folders.menu.download', defaultMessage: 'Download…' })
          }
          onSelect={() => commands.download(folder)}
        />
        <MenuItem
          icon="link"
          label={intl.formatMessage({
            id: 'folders.menu.copyLinks',
            defaultMessage: 'Copy links of its files',
          })}
          onSelect={() => commands.copyLinks(folder)}
        />
        <MenuItem
          icon="check"
          label={intl.formatMessage({
            id: 'folders.menu.checkLinks',
            defaultMessage: 'Check links of its files',
          })}
          onSelect={() => commands.checkLinks(folder)}
        />
      </ContextMenu.Content>
    </ContextMenu.Portal>
  )
}
