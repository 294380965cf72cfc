import { createStore, type StoreApi } from 'zustand'
import type { Crumb } from '../../state/ui-store.ts'

/**
 * What one folder tree shows: the highlighted folder, the one tab stop, and the unfolded folders. A store of its
 * own (not component state), so each row reads only its own part ("am I open?") and a change re-renders the rows
 * it concerns, not a folder's 2,000 siblings.
 */
export interface TreeView {
  selectedId: number
  focusId: number
  expanded: ReadonlySet<number>
  toggle: (id: number, open?: boolean) => void
  expandAll: (ids: readonly number[]) => void
  setFocus: (id: number) => void
  /** The open folder changed elsewhere (breadcrumb, first load): highlight it and unfold its ancestors. */
  reveal: (selectedPath: readonly Crumb[]) => void
}

export function createTreeView(selectedId: number): StoreApi<TreeView> {
  return createStore<TreeView>()((set) => ({
    selectedId,
    focusId: Math.max(selectedId, 0),
    expanded: new Set([0]),
    toggle: (id, open) =>
      set((s) => {
        const next = new Set(s.expanded)
        if (open ?? !s.expanded.has(id)) next.add(id)
        else next.delete(id)
        return { expanded: next }
      }),
    expandAll: (ids) =>
      set((s) =>
        ids.every((id) => s.expanded.has(id)) ? s : { expanded: new Set([...s.expanded, ...ids]) },
      ),
    setFocus: (focusId) => set({ focusId }),
    reveal: (selectedPath) =>
      set((s) => {
        const id = selectedPath.at(-1)?.id ?? 0
        const missing = selectedPath.slice(0, -1).filter((c) => !s.expanded.has(c.id))
        return {
          selectedId: id,
          // -1 (no folder highlighted, outside the files view) keeps the tab stop where it was.
          focusId: id >= 0 ? id : s.focusId,
          expanded: missing.length === 0 ? s.expanded : new Set([...s.expanded, ...missing.map((c) => c.id)]),
        }
      }),
  }))
}
