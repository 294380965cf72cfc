import * as ContextMenu from '@radix-ui/react-context-menu'
import { createContext, memo, type RefObject, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { StoreApi } from 'zustand'
import { useStore } from 'zustand'
import type { Folder } from '../../../../shared/api/types.ts'
import { Icon } from '../../components/Icon.tsx'
import { openContextMenuAtCursor } from '../../lib/open-context-menu.ts'
import type { Crumb } from '../../state/ui-store.ts'
import { ROOT } from '../../state/ui-store.ts'
import { folderDropProps, hostPath } from '../dnd/folder-drop.ts'
import { FolderMenu } from './FolderMenu.tsx'
import { useFolderEdit } from './folder-edit-store.ts'
import { crumbName } from './folder-words.ts'
import './folders.css'
import { errorMessage } from '../../lib/call.ts'
import { NewFolderRow, RenameField, type TreeEditing, useTreeEditing } from './tree-editing.tsx'
import { handleTreeKey } from './tree-keys.ts'
import { createTreeView, type TreeView } from './tree-view-store.ts'
import { useFolderListing } from './use-folder.ts'

interface FolderTreeProps {
  accountId: string
  label: string
  /** The path of the highlighted folder; its ancestors are expanded so it is visible. */
  selectedPath: readonly Crumb[]
  onSelect: (path: Crumb[]) => void
  /** The sidebar's tree: a folder menu, rename in place (F2) and new folders made in place. */
  editable?: boolean
  /** Enter on a folder: it is picked and the dialog goes ahead with it (the Move dialog moves there). */
  onConfirm?: (path: Crumb[]) => void
}

/** What every row needs and never changes while the tree is shown; the rest is read from `latest` when used. */
interface TreeCtx {
  accountId: string
  view: StoreApi<TreeView>
  editable: boolean
  latest: RefObject<{
    onSelect: (path: Crumb[]) => void
    onConfirm: ((path: Crumb[]) => void) | undefined
    editing: TreeEditing | null
  }>
}

const TreeContext = createContext<TreeCtx | null>(null)
const ROOT_PATH: Crumb[] = [ROOT]

/**
 * A lazily loaded folder tree (role=tree): a node's children are fetched with folders.list when it first
 * opens. Rendered flat with aria-level, one tab stop (roving tabindex) and arrow-key navigation. Rows are
 * memoised and read their own state from the tree's store, so unfolding, renaming or focusing one folder among
 * thousands re-renders that folder's row, not every row.
 */
export function FolderTree(props: FolderTreeProps) {
  const { accountId, label, selectedPath, onSelect, onConfirm, editable = false } = props
  const [view] = useState(() => createTreeView(selectedPath.at(-1)?.id ?? 0))

  // Opening a folder from elsewhere (breadcrumb, first load) reveals it in the tree.
  useEffect(() => view.getState().reveal(selectedPath), [view, selectedPath])

  const editing = useTreeEditing(accountId, editable, view.getState().expandAll)
  const latest = useRef({ onSelect, onConfirm, editing })
  latest.current = { onSelect, onConfirm, editing }
  const ctx = useMemo<TreeCtx>(() => ({ accountId, view, editable, latest }), [accountId, view, editable])

  const tree = (
    <div
      className="tree"
      role="tree"
      aria-label={label}
      data-editable={editing ? '' : undefined}
      // Only a folder's row has a menu; a right-click on the space below the folders shows none.
      onContextMenu={(e) => !(e.target as Element).closest('[data-fld-id]') && e.preventDefault()}
    >
      <TreeContext.Provider value={ctx}>
        <TreeNode path={ROOT_PATH} />
      </TreeContext.Provider>
    </div>
  )
  if (!editing) return tree
  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild>{tree}</ContextMenu.Trigger>
      {editing.menuFor ? (
        <FolderMenu folder={{ accountId, path: editing.menuFor }} commands={editing.commands} />
      ) : null}
    </ContextMenu.Root>
  )
}

const TreeNode = memo(function TreeNode({ path }: { path: Crumb[] }) {
  const intl = useIntl()
  const ctx = useContext(TreeContext) as TreeCtx
  const { accountId, view, editable, latest } = ctx
  const node = path.at(-1) ?? ROOT
  const id = node.id
  const open = useStore(view, (s) => s.expanded.has(id))
  const selected = useStore(view, (s) => s.selectedId === id)
  const focused = useStore(view, (s) => s.focusId === id)
  // The edit's number while this folder is renamed, or gets a new folder (0: not): a new edit, a new field.
  const renaming = useFolderEdit((s) =>
    editable && s.edit?.kind === 'rename' && s.edit.path.at(-1)?.id === id ? s.serial : 0,
  )
  const creatingInside = useFolderEdit((s) =>
    editable && s.edit?.kind === 'create' && s.edit.where === 'tree' && s.edit.path.at(-1)?.id === id
      ? s.serial
      : 0,
  )
  const children = useFolderListing(accountId, id, open)
  const childPaths = useChildPaths(path, open ? children.data : undefined)
  const leaf = children.isSuccess && children.data.length === 0
  const icon = id === 0 ? 'home' : open && !leaf ? 'folderOpen' : 'folder'
  const { toggle } = view.getState()

  return (
    <>
      <div
        className="tree-row"
        role="treeitem"
        aria-level={path.length}
        aria-selected={selected}
        {...(leaf ? {} : { 'aria-expanded': open })}
        tabIndex={focused ? 0 : -1}
        data-fld-id={id}
        {...folderDropProps({ accountId, fldId: id, name: crumbName(node, intl), path: hostPath(path) }, () =>
          toggle(id, true),
        )}
        style={{ paddingInlineStart: 4 + (path.length - 1) * 14 }}
        onFocus={() => view.getState().setFocus(id)}
        onClick={(e) => {
          // The chevron only folds; the rest of the row opens the folder (and unfolds it).
          if ((e.target as Element).closest('.tree-twisty')) return toggle(id)
          latest.current.onSelect(path)
          if (!open) toggle(id, true)
        }}
        onContextMenu={(e) => {
          e.currentTarget.focus()
          latest.current.editing?.setMenuFor(path)
        }}
        onKeyDown={(e) =>
          handleTreeKey(e, {
            rtl: document.documentElement.dir === 'rtl',
            expand: () => toggle(id, true),
            collapse: () => toggle(id, false),
            activate: () => latest.current.onSelect(path),
            ...(latest.current.onConfirm ? { confirm: () => latest.current.onConfirm?.(path) } : {}),
            ...(editable
              ? {
                  rename: () => latest.current.editing?.commands.rename({ accountId, path }),
                  // A contextmenu event at the row: the same menu, placed as a right-click there places it.
                  menu: (row: HTMLElement) => openContextMenuAtCursor(row),
                }
              : {}),
          })
        }
      >
        <span className="tree-twisty" data-open={open} data-leaf={leaf} aria-hidden="true">
          <Icon name="chevronRight" size={14} />
        </span>
        <Icon name={icon} className={id === 0 ? 'icon-home' : 'icon-folder'} />
        {renaming > 0 ? (
          <RenameField
            key={renaming}
            accountId={accountId}
            path={path}
            rename={(v) => latest.current.editing?.rename(v)}
          />
        ) : (
          <span className="truncate" translate={id === 0 ? undefined : 'no'}>
            {crumbName(node, intl)}
          </span>
        )}
        {open && children.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {open && children.isError ? (
          <span className="tree-note" title={errorMessage(children.error)}>
            <FormattedMessage id="folders.tree.failed" defaultMessage="failed" />
          </span>
        ) : null}
      </div>
      {creatingInside > 0 ? <NewFolderRow key={creatingInside} accountId={accountId} path={path} /> : null}
      {childPaths.map((p) => (
        <TreeNode key={p.at(-1)?.id} path={p} />
      ))}
    </>
  )
})

/**
 * The children's paths, each kept from the last render while its folder's name and this path are the same, so a
 * memoised child whose folder did not change is not rendered again when a sibling is renamed or added.
 */
function useChildPaths(path: Crumb[], folders: readonly Folder[] | undefined): Crumb[][] {
  const cache = useRef(new Map<number, Crumb[]>())
  return useMemo(() => {
    const previous = cache.current
    const next = new Map<number, Crumb[]>()
    const out = (folders ?? []).map((f) => {
      const kept = previous.get(f.fldId)
      const p =
        kept &&
        kept.at(-1)?.name === f.name &&
        kept.length === path.length + 1 &&
        kept[kept.length - 2] === path.at(-1)
          ? kept
          : [...path, { id: f.fldId, name: f.name }]
      next.set(f.fldId, p)
      return p
    })
    cache.current = next
    return out
  }, [path, folders])
}
