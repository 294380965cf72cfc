import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { FolderListing } from '../../../../shared/api/types.ts'
import { Icon } from '../../components/Icon.tsx'
import { errorMessage } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import type { Crumb } from '../../state/ui-store.ts'
import { type FolderEdit, useFolderEdit } from './folder-edit-store.ts'
import { checkFolderName } from './folder-name.ts'
import { NameField } from './NameField.tsx'
import { useCreateFolder } from './use-create-folder.ts'
import { type FolderCommands, useFolderCommands } from './use-folder-commands.ts'
import { useRenameFolder } from './use-rename-folder.ts'

/** What the sidebar's tree adds to a plain folder tree: the folder menu, and names edited in place. */
export interface TreeEditing {
  edit: FolderEdit | null
  /** The folder whose row was right-clicked last: the menu acts on it. */
  menuFor: Crumb[] | null
  setMenuFor: (path: Crumb[]) => void
  commands: FolderCommands
  /** The name field that stands in for the folder's name while it is renamed. */
  renameField: (path: Crumb[]) => ReactNode
  /** The new folder's row, first among the children of the folder at the end of `path`. */
  createField: (path: Crumb[]) => ReactNode
}

/**
 * The tree's side of editing folders in place (null for the trees of dialogs, which only pick a folder). `reveal`
 * unfolds folders, so the folder being renamed, or the one getting a new folder, is in view.
 */
export function useTreeEditing(
  accountId: string,
  enabled: boolean,
  reveal: (ids: number[]) => void,
): TreeEditing | null {
  const qc = useQueryClient()
  const edit = useFolderEdit((s) => s.edit)
  const serial = useFolderEdit((s) => s.serial)
  const [menuFor, setMenuFor] = useState<Crumb[] | null>(null)
  const commands = useFolderCommands()
  const rename = useRenameFolder()
  const create = useCreateFolder()
  const revealRef = useRef(reveal)
  revealRef.current = reveal

  useEffect(() => {
    if (!enabled || !edit) return
    const ids = edit.path.map((c) => c.id)
    revealRef.current(edit.kind === 'create' ? ids : ids.slice(0, -1))
  }, [enabled, edit])

  // A new edit starts clean: the last new folder's refusal is not this one's.
  const { reset } = create
  useEffect(() => {
    if (serial > 0) reset()
  }, [serial, reset])

  // Folder ids of one account mean nothing in another: a switch ends the edit.
  const shownAccount = useRef(accountId)
  useEffect(() => {
    if (shownAccount.current !== accountId) useFolderEdit.getState().cancel()
    shownAccount.current = accountId
  }, [accountId])

  if (!enabled) return null

  const siblingsOf = (parentId: number) =>
    qc.getQueryData<FolderListing>(keys.folder(accountId, parentId))?.folders ?? []
  const finish = () => useFolderEdit.getState().finish(serial)
  // Focus goes back where the edit was started from, else to the folder's row in the tree.
  const returnTo = edit?.returnTo ?? null
  const refocus = (fldId: number) => setTimeout(() => focusAfterEdit(returnTo, fldId), 0)

  return {
    edit,
    menuFor,
    setMenuFor,
    commands,
    renameField: (path) => {
      const folder = path.at(-1) as Crumb
      const parent = path.at(-2) as Crumb
      return (
        <NameField
          key={serial}
          label={`New name for folder ${folder.name}`}
          initial={folder.name}
          busy={false}
          failure={null}
          check={(typed) => checkFolderName(typed, siblingsOf(parent.id), parent.name, folder.id)}
          onCommit={(name) => {
            finish()
            // Optimistic: the row shows the new name now; a refusal puts the old one back and says why.
            rename.mutate({ accountId, fldId: folder.id, from: folder.name, name })
            refocus(folder.id)
          }}
          onCancel={() => {
            finish()
            refocus(folder.id)
          }}
        />
      )
    },
    createField: (path) => {
      const parent = path.at(-1) as Crumb
      return (
        <div
          key={serial}
          className="tree-row tree-row-new"
          role="treeitem"
          aria-level={path.length + 1}
          aria-selected={false}
          tabIndex={-1}
          aria-label={`New folder in ${parent.name}`}
          style={{ paddingLeft: 4 + path.length * 14 }}
          // The field's own menu (paste, undo typing) is the browser's; the folder menu is for folders.
          onContextMenu={(e) => e.stopPropagation()}
        >
          <span className="tree-twisty" data-leaf="true" aria-hidden="true" />
          <Icon name="folder" className="icon-folder" />
          <NameField
            label="New folder name"
            initial=""
            busy={create.isPending}
            failure={create.error ? `Not created: ${errorMessage(create.error)}` : null}
            check={(typed) => checkFolderName(typed, siblingsOf(parent.id), parent.name)}
            onCommit={(name) => {
              create.mutateAsync({ accountId, parentId: parent.id, name }).then(
                (created) => {
                  finish()
                  refocus(created.fldId)
                },
                // The field shows the refusal and keeps the name: nothing typed is lost.
                () => undefined,
              )
            }}
            onCancel={() => {
              finish()
              refocus(parent.id)
            }}
          />
        </div>
      )
    },
  }
}

/** After an edit, the keyboard carries on where it was: the grid the edit was started from, or the tree's row. */
function focusAfterEdit(returnTo: HTMLElement | null, fldId: number): void {
  if (returnTo?.isConnected) returnTo.focus({ preventScroll: true })
  else document.querySelector<HTMLElement>(`.tree[data-editable] [data-fld-id="${fldId}"]`)?.focus()
}
