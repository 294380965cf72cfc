import { create } from 'zustand'
import { type Crumb, ROOT } from '../../state/ui-store.ts'

/**
 * The folder chosen on each account for a mirrored upload (folder ids belong to one account, so each account
 * gets its own). An account without a choice gets its root, or, for the active account, the open folder.
 * Kept for the window's life: the next mirrored drop goes to the same folders.
 */
interface MirrorFoldersState {
  /** Per account id: the path from the root to the chosen folder. */
  folders: Record<string, Crumb[]>
  /** The account whose folder is being picked (MirrorFolderDialog), if any. */
  picking: string | null
  choose: (accountId: string, path: Crumb[]) => void
  pick: (accountId: string | null) => void
}

export const useMirrorFolders = create<MirrorFoldersState>()((set) => ({
  folders: {},
  picking: null,
  choose: (accountId, path) =>
    set((s) => ({ folders: { ...s.folders, [accountId]: path.length > 0 ? path : [ROOT] } })),
  pick: (picking) => set({ picking }),
}))
