import { useEffect, useState } from 'react'
import { Icon } from '../../components/Icon.tsx'
import type { Crumb } from '../../state/ui-store.ts'
import { ROOT } from '../../state/ui-store.ts'
import { folderDropProps, hostPath } from '../dnd/folder-drop.ts'
import { handleTreeKey } from './tree-keys.ts'
import { useFolderListing } from './use-folder.ts'

interface FolderTreeProps {
  accountId: string
  label: string
  /** The path of the highlighted folder; its ancestors are expanded so it is visible. */
  selectedPath: readonly Crumb[]
  onSelect: (path: Crumb[]) => void
}

interface TreeCtx {
  accountId: string
  selectedId: number
  focusId: number
  expanded: ReadonlySet<number>
  toggle: (id: number, open?: boolean) => void
  onSelect: (path: Crumb[]) => void
  setFocusId: (id: number) => void
}

/**
 * A lazily loaded folder tree (role=tree): a node's children are fetched with folders.list when it first
 * opens. Rendered flat with aria-level, one tab stop (roving tabindex) and arrow-key navigation.
 */
export function FolderTree({ accountId, label, selectedPath, onSelect }: FolderTreeProps) {
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

  const ctx: TreeCtx = { accountId, selectedId, focusId, expanded, toggle, onSelect, setFocusId }
  return (
    <div className="tree" role="tree" aria-label={label}>
      <TreeNode ctx={ctx} path={[ROOT]} />
    </div>
  )
}

function TreeNode({ ctx, path }: { ctx: TreeCtx; path: Crumb[] }) {
  const node = path.at(-1) ?? ROOT
  const open = ctx.expanded.has(node.id)
  const children = useFolderListing(ctx.accountId, node.id, open)
  const leaf = children.isSuccess && children.data.length === 0
  const icon = node.id === 0 ? 'home' : open && !leaf ? 'folderOpen' : 'folder'

  return (
    <>
      <div
        className="tree-row"
        role="treeitem"
        aria-level={path.length}
        aria-selected={ctx.selectedId === node.id}
        {...(leaf ? {} : { 'aria-expanded': open })}
        tabIndex={ctx.focusId === node.id ? 0 : -1}
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
        onKeyDown={(e) =>
          handleTreeKey(e, {
            expand: () => ctx.toggle(node.id, true),
            collapse: () => ctx.toggle(node.id, false),
            activate: () => ctx.onSelect(path),
          })
        }
      >
        <span className="tree-twisty" data-open={open} data-leaf={leaf} aria-hidden="true">
          <Icon name="chevronRight" size={14} />
        </span>
        <Icon name={icon} className={node.id === 0 ? 'icon-home' : 'icon-folder'} />
        <span className="truncate">{node.name}</span>
        {open && children.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {open && children.isError ? (
          <span className="tree-note" title={children.error.message}>
            failed
          </span>
        ) : null}
      </div>
      {open && children.data
        ? children.data.map((f) => (
            <TreeNode key={f.fldId} ctx={ctx} path={[...path, { id: f.fldId, name: f.name }]} />
          ))
        : null}
    </>
  )
}
