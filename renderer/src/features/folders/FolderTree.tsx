import * as ContextMenu from '@radix-ui/react-context-menu'
import { useEffect, useState } from 'react'
import { Icon } from '../../components/Icon.tsx'
import { openContextMenuAtCursor } from '../../lib/open-context-menu.ts'
import type { Crumb } from '../../state/ui-store.ts'
import { ROOT } from '../../state/ui-store.ts'
import { folderDropProps, hostPath } from '../dnd/folder-drop.ts'
import { FolderMenu } from './FolderMenu.tsx'
import './folders.css'
import { type TreeEditing, useTreeEditing } from './tree-editing.tsx'
import { handleTreeKey } from './tree-keys.ts'
import { useFolderListing } from './use-folder.ts'

interface FolderTreeProps {
  accountId: string
  label: string
  /** The path of the highlighted folder; its ancestors are expanded so it is visible. */
  selectedPath: readonly Crumb[]
  onSelect: (path: Crumb[]) => void
  /** The sidebar's tree: a folder menu, rename in place (F2) and new folders made in place. */
  editable?: boolean
}

interface TreeCtx {
  accountId: string
  selectedId: number
  focusId: number
  expanded: ReadonlySet<number>
  toggle: (id: number, open?: boolean) => void
  onSelect: (path: Crumb[]) => void
  setFocusId: (id: number) => void
  editing: TreeEditing | null
}

/**
 * A lazily loaded folder tree (role=tree): a node's children are fetched with folders.list when it first
 * opens. Rendered flat with aria-level, one tab stop (roving tabindex) and arrow-key navigation.
 */
export function FolderTree({ accountId, label, selectedPath, onSelect, editable = false }: FolderTreeProps) {
  const selectedId = selectedPath.at(-1)?.id ?? 0
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([0]))
  const [focusId, setFocusId] = useState(Math.max(selectedId, 0))

  // Opening a folder from elsewhere (breadcrumb, first load) reveals it in the tree.
  useEffect(() => {
    if (selectedId >= 0) setFocusId(selectedId)
    setExpanded((prev) => {
      const missing = selectedPath.slice(0, -1).filter((c) => !prev.has(c.id))
      return missing.length === 0 ? prev : new Set([...prev, ...missing.map((c) => c.id)])
    })
  }, [selectedId, selectedPath])

  const toggle = (id: number, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev)
      if (open ?? !prev.has(id)) next.add(id)
      else next.delete(id)
      return next
    })

  const editing = useTreeEditing(accountId, editable, (ids) =>
    setExpanded((prev) => (ids.every((id) => prev.has(id)) ? prev : new Set([...prev, ...ids]))),
  )
  const ctx: TreeCtx = { accountId, selectedId, focusId, expanded, toggle, onSelect, setFocusId, editing }
  const tree = (
    <div
      className="tree"
      role="tree"
      aria-label={label}
      data-editable={editing ? '' : undefined}
      // Only a folder's row has a menu; a right-click on the space below the folders shows none.
      onContextMenu={(e) => !(e.target as Element).closest('[data-fld-id]') && e.preventDefault()}
    >
      <TreeNode ctx={ctx} path={[ROOT]} />
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

function TreeNode({ ctx, path }: { ctx: TreeCtx; path: Crumb[] }) {
  const node = path.at(-1) ?? ROOT
  const open = ctx.expanded.has(node.id)
  const children = useFolderListing(ctx.accountId, node.id, open)
  const leaf = children.isSuccess && children.data.length === 0
  const icon = node.id === 0 ? 'home' : open && !leaf ? 'folderOpen' : 'folder'
  const edit = ctx.editing?.edit
  const renaming = edit?.kind === 'rename' && edit.path.at(-1)?.id === node.id
  const creatingInside = edit?.kind === 'create' && edit.path.at(-1)?.id === node.id

  return (
    <>
      <div
        className="tree-row"
        role="treeitem"
        aria-level={path.length}
        aria-selected={ctx.selectedId === node.id}
        {...(leaf ? {} : { 'aria-expanded': open })}
        tabIndex={ctx.focusId === node.id ? 0 : -1}
        data-fld-id={node.id}
        {...folderDropProps({
          accountId: ctx.accountId,
          fldId: node.id,
          name: node.name,
          path: hostPath(path),
        })}
        style={{ paddingLeft: 4 + (path.length - 1) * 14 }}
        onFocus={() => ctx.setFocusId(node.id)}
        onClick={(e) => {
          // The chevron only folds; the rest of the row opens the folder (and unfolds it).
          if ((e.target as Element).closest('.tree-twisty')) return ctx.toggle(node.id)
          ctx.onSelect(path)
          if (!open) ctx.toggle(node.id, true)
        }}
        onContextMenu={(e) => {
          e.currentTarget.focus()
          ctx.editing?.setMenuFor(path)
        }}
        onKeyDown={(e) =>
          handleTreeKey(e, {
            expand: () => ctx.toggle(node.id, true),
            collapse: () => ctx.toggle(node.id, false),
            activate: () => ctx.onSelect(path),
            ...(ctx.editing
              ? {
                  rename: () => ctx.editing?.commands.rename({ accountId: ctx.accountId, path }),
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
        <Icon name={icon} className={node.id === 0 ? 'icon-home' : 'icon-folder'} />
        {renaming && ctx.editing ? (
          ctx.editing.renameField(path)
        ) : (
          <span className="truncate">{node.name}</span>
        )}
        {open && children.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {open && children.isError ? (
          <span className="tree-note" title={children.error.message}>
            failed
          </span>
        ) : null}
      </div>
      {creatingInside && ctx.editing ? ctx.editing.createField(path) : null}
      {open && children.data
        ? children.data.map((f) => (
            <TreeNode key={f.fldId} ctx={ctx} path={[...path, { id: f.fldId, name: f.name }]} />
          ))
        : null}
    </>
  )
}
