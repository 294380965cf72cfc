import { create } from 'zustand'
import type { IndexSortKey, SortDir } from '../../../../shared/file-index.ts'

/**
 * Where a search looks: the open folder and every folder below it (as desktop file managers search), every folder
 * of the account, or every account.
 */
export type SearchScope = 'subtree' | 'account' | 'all-accounts'

export interface Sort {
  key: IndexSortKey
  dir: SortDir
}

interface PaneState {
  sort: Sort
  searchScope: SearchScope
  /** A header click: the same column flips its direction, another column starts at its natural one. */
  sortBy: (key: IndexSortKey) => void
  setSearchScope: (scope: SearchScope) => void
}

/**
 * Names read A→Z first; sizes, dates and downloads biggest/newest first, which is what one sorts them for (as
 * desktop file managers do).
 */
const firstDir: Record<IndexSortKey, SortDir> = {
  name: 'asc',
  size: 'desc',
  uploaded: 'desc',
  downloads: 'desc',
}

/** How the file pane orders and searches; kept across folders, as a file manager keeps its columns. */
export const usePane = create<PaneState>()((set) => ({
  sort: { key: 'name', dir: 'asc' },
  searchScope: 'subtree',
  sortBy: (key) =>
    set((s) => ({
      sort:
        s.sort.key === key
          ? { key, dir: s.sort.dir === 'asc' ? 'desc' : 'asc' }
          : { key, dir: firstDir[key] },
    })),
  setSearchScope: (searchScope) => set({ searchScope }),
}))
