import { create } from 'zustand'
import { type Crumb, ROOT, useUi } from '../../state/ui-store.ts'
import { fileGrid } from '../files/file-grid.ts'

/**
 * The one folder being edited in place (always the active account's, as the file pane is): a rename of the folder
 * at the end of `path`, or a new folder inside the folder at the end of `path`. Any place may start one (the
 * tree's keys, the folder menu of the tree or of the file pane, Ctrl+N). The name field is where the user is
 * looking (`where`): in the sidebar tree, which reveals the path, or, for a new folder in the open folder started
 * from the file list, at the top of that list.
 */
export type FolderEdit = {
  kind: 'rename' | 'create'
  path: Crumb[]
  where: 'tree' | 'list'
  /**
   * Where focus goes when the edit ends, when it was started away from the tree (the file grid, with Ctrl+N or
   * its folder menu): the person carries on there. Without it, the folder's own row in the tree takes focus.
   */
  returnTo: HTMLElement | null
}

interface FolderEditState {
  edit: FolderEdit | null
  /** Each start gets a new number, so starting the same edit again (a second F2) focuses the field again. */
  serial: number
  startRename: (path: Crumb[], returnTo?: HTMLElement | null) => void
  startCreate: (path: Crumb[], returnTo?: HTMLElement | null, where?: FolderEdit['where']) => void
  /** Ends the edit, if it is still this one (a later edit that replaced it stays). */
  finish: (serial: number) => void
  cancel: () => void
}

export const useFolderEdit = create<FolderEditState>()((set) => ({
  edit: null,
  serial: 0,
  startRename: (path, returnTo = null) => {
    // The root has no name of its own on the host: it cannot be renamed.
    if ((path.at(-1)?.id ?? 0) === 0) return
    set((s) => ({ edit: { kind: 'rename', path, where: 'tree', returnTo }, serial: s.serial + 1 }))
  },
  startCreate: (path, returnTo = null, where = 'tree') =>
    set((s) => ({ edit: { kind: 'create', path, where, returnTo }, serial: s.serial + 1 })),
  finish: (serial) => set((s) => (s.serial === serial ? { edit: null } : {})),
  cancel: () => set({ edit: null }),
}))

/**
 * New folder (Ctrl+N, the sidebar's +): a name field in the open folder, or in the root outside a folder. In the
 * list (`where`) only where the open folder's list is shown; focus comes back to `returnTo` afterwards (Ctrl+N
 * in the file grid: the grid), else to the new folder in the tree.
 */
export function newFolderInOpenFolder(
  returnTo: HTMLElement | null = null,
  where: FolderEdit['where'] = 'tree',
): void {
  const { view } = useUi.getState()
  const inList = view.kind === 'files' && where === 'list'
  // Started in the list from nowhere in particular: the list has the keyboard afterwards.
  const back = returnTo ?? (inList ? fileGrid() : null)
  useFolderEdit
    .getState()
    .startCreate(view.kind === 'files' ? view.path : [ROOT], back, inList ? 'list' : 'tree')
}
