import { create } from 'zustand'

/** One folder on the way from the root to the open folder; the breadcrumb is this list. */
export interface Crumb {
  id: number
  name: string
}

/** 'all' lists the files of every folder at once (and searches across them). */
export type View =
  | { kind: 'files'; path: Crumb[] }
  | { kind: 'all' }
  | { kind: 'deleted' }
  | { kind: 'dashboard' }
  | { kind: 'history' }

export type ViewMode = 'list' | 'grid'

/** App-level dialogs, opened from several places (sidebar, banners); file dialogs live with the file view. */
export type Dialog = { kind: 'accounts' } | { kind: 'settings' } | null

export const ROOT: Crumb = { id: 0, name: 'My files' }

interface UiState {
  view: View
  viewMode: ViewMode
  search: string
  dialog: Dialog
  openFolder: (path: Crumb[]) => void
  showAll: () => void
  showDeleted: () => void
  showDashboard: () => void
  showHistory: () => void
  setViewMode: (mode: ViewMode) => void
  setSearch: (search: string) => void
  openDialog: (dialog: Exclude<Dialog, null>) => void
  closeDialog: () => void
  /** Back to the root after an account switch: the old folder ids mean nothing in the new account. */
  reset: () => void
}

export const useUi = create<UiState>()((set) => ({
  view: { kind: 'files', path: [ROOT] },
  viewMode: 'list',
  search: '',
  dialog: null,
  openFolder: (path) => set({ view: { kind: 'files', path: path.length > 0 ? path : [ROOT] }, search: '' }),
  showAll: () => set({ view: { kind: 'all' }, search: '' }),
  showDeleted: () => set({ view: { kind: 'deleted' } }),
  showDashboard: () => set({ view: { kind: 'dashboard' } }),
  showHistory: () => set({ view: { kind: 'history' } }),
  setViewMode: (viewMode) => set({ viewMode }),
  setSearch: (search) => set({ search }),
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
  // The accounts dialog stays open across a switch made from inside it.
  reset: () =>
    set((s) => ({
      view: { kind: 'files', path: [ROOT] },
      search: '',
      dialog: s.dialog?.kind === 'accounts' ? s.dialog : null,
    })),
}))
