import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import type { FolderListing } from '../../../../shared/api/types.ts'
import { Icon } from '../../components/Icon.tsx'
import { afterFirstPaint } from '../../lib/after-first-paint.ts'
import { errorMessage } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import type { Crumb } from '../../state/ui-store.ts'
import { useFolderEdit } from './folder-edit-store.ts'
import { crumbName, folderWords } from './folder-words.ts'
import { useCreateFolder } from './use-create-folder.ts'
import { type FolderCommands, useFolderCommands } from './use-folder-commands.ts'
import { type FolderRename, useRenameFolder } from './use-rename-folder.ts'

const FolderNameField = afterFirstPaint(() => import('./FolderNameField.tsx').then((m) => m.FolderNameField))

/** What the sidebar's tree adds to a plain folder tree: the folder menu, and names edited in place. */
export interface TreeEditing {
  /** The folder whose row was right-clicked last: the menu acts on it. */
  menuFor: Crumb[] | null
  setMenuFor: (path: Crumb[]) => void
  commands: FolderCommands
  rename: (v: FolderRename) => void
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
  const edit = useFolderEdit((s) => s.edit)
  const [menuFor, setMenuFor] = useState<Crumb[] | null>(null)
  const commands = useFolderCommands()
  const { mutate } = useRenameFolder()
  const revealRef = useRef(reveal)
  revealRef.current = reveal

  useEffect(() => {
    if (!enabled || !edit || edit.where !== 'tree') return
    const ids = edit.path.map((c) => c.id)
    revealRef.current(edit.kind === 'create' ? ids : ids.slice(0, -1))
  }, [enabled, edit])

  // Folder ids of one account mean nothing in another: a switch ends the edit.
  const shownAccount = useRef(accountId)
  useEffect(() => {
    if (shownAccount.current !== accountId) useFolderEdit.getState().cancel()
    shownAccount.current = accountId
  }, [accountId])

  if (!enabled) return null
  return { menuFor, setMenuFor, commands, rename: mutate }
}

/** The siblings a new name must not clash with: the parent's listing as the tree has it. */
function useSiblings(accountId: string) {
  const qc = useQueryClient()
  return (parentId: number) => qc.getQueryData<FolderListing>(keys.folder(accountId, parentId))?.folders ?? []
}

/** The edit in progress, and how it ends: the edit closed, focus back where it was started (see FolderEdit). */
function useEnding() {
  const serial = useFolderEdit((s) => s.serial)
  const returnTo = useFolderEdit((s) => s.edit?.returnTo ?? null)
  return (fldId: number) => {
    const left = document.activeElement
    useFolderEdit.getState().finish(serial)
    setTimeout(() => focusAfterEdit(left, returnTo, fldId), 0)
  }
}

/** The name field that stands in for a folder's name while it is renamed. */
export function RenameField(props: { accountId: string; path: Crumb[]; rename: (v: FolderRename) => void }) {
  const { accountId, path, rename } = props
  const intl = useIntl()
  const folder = path.at(-1) as Crumb
  const parent = path.at(-2) as Crumb
  const siblings = useSiblings(accountId)
  const end = useEnding()
  return (
    <FolderNameField
      label={intl.formatMessage(
        { id: 'folders.rename.label', defaultMessage: 'New name for folder {name}' },
        { name: folder.name },
      )}
      initial={folder.name}
      busy={false}
      failure={null}
      siblings={() => siblings(parent.id)}
      parentName={crumbName(parent, intl)}
      self={folder.id}
      onCommit={(name) => {
        end(folder.id)
        // Optimistic: the row shows the new name now; a refusal puts the old one back and says why.
        rename({ accountId, fldId: folder.id, from: folder.name, name })
      }}
      onCancel={() => end(folder.id)}
    />
  )
}

/** The new folder's row, first among the children of the folder at the end of `path`. */
export function NewFolderRow({ accountId, path }: { accountId: string; path: Crumb[] }) {
  const intl = useIntl()
  const parent = path.at(-1) as Crumb
  return (
    <div
      className="tree-row tree-row-new"
      role="treeitem"
      aria-level={path.length + 1}
      aria-selected={false}
      tabIndex={-1}
      aria-label={intl.formatMessage(folderWords.newFolderIn, { folder: crumbName(parent, intl) })}
      style={{ paddingInlineStart: 4 + path.length * 14 }}
      // The field's own menu (paste, undo typing) is the browser's; the folder menu is for folders.
      onContextMenu={(e) => e.stopPropagation()}
    >
      <span className="tree-twisty" data-leaf="true" aria-hidden="true" />
      <Icon name="folder" className="icon-folder" />
      <NewFolderField accountId={accountId} parent={parent} />
    </div>
  )
}

/**
 * The new folder's name, typed in place (the tree's row, or the top of the file list): the folder is made when
 * the host gives it an id, then `onCreated` (the list puts its cursor on it) and the edit ends.
 */
export function NewFolderField(props: {
  accountId: string
  parent: Crumb
  onCreated?: (fldId: number) => void
}) {
  const { accountId, parent, onCreated } = props
  const intl = useIntl()
  const siblings = useSiblings(accountId)
  const end = useEnding()
  const create = useCreateFolder()
  return (
    <FolderNameField
      label={intl.formatMessage({ id: 'folders.newFolder.label', defaultMessage: 'New folder name' })}
      initial=""
      busy={create.isPending}
      failure={
        create.error
          ? intl.formatMessage(
              { id: 'folders.newFolder.failed', defaultMessage: 'Not created: {error}' },
              { error: errorMessage(create.error) },
            )
          : null
      }
      siblings={() => siblings(parent.id)}
      parentName={crumbName(parent, intl)}
      self={null}
      onCommit={(name) => {
        create.mutateAsync({ accountId, parentId: parent.id, name }).then(
          (created) => {
            onCreated?.(created.fldId)
            end(created.fldId)
          },
          // The field shows the refusal and keeps the name: nothing typed is lost.
          () => undefined,
        )
      }}
      onCancel={() => end(parent.id)}
    />
  )
}

/**
 * After an edit, the keyboard carries on where it was: the grid the edit was started from, or the tree's row.
 * It runs a task later (the row must have its name back first), and only if focus is still with the field or was
 * lost with it: a person who clicked or tabbed elsewhere in between keeps focus where they put it (a CI run
 * showed Esc then a quick focus on another folder losing that focus, and F2 then renaming the wrong folder).
 */
function focusAfterEdit(left: Element | null, returnTo: HTMLElement | null, fldId: number): void {
  const now = document.activeElement
  if (now !== null && now !== document.body && now !== left) return
  if (returnTo?.isConnected) returnTo.focus({ preventScroll: true })
  else document.querySelector<HTMLElement>(`.tree[data-editable] [data-fld-id="${fldId}"]`)?.focus()
}
