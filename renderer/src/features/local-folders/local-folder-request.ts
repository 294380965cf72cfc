import { create } from 'zustand'
import type { FolderPurpose } from '../../../../shared/ipc/local-folders-contract.ts'

/** The page's own folder picker, asked for a folder (the browser host, which has no OS dialog). */
export interface LocalFolderRequest {
  purpose: FolderPurpose
  /** Where it opens: a typed path, else main's choice (the purpose's last folder, home, Downloads). */
  startAt: string | null
  answer: (path: string | null) => void
}

interface LocalFolderRequestState {
  request: LocalFolderRequest | null
  /** Shows the picker; resolves with the folder chosen, or null when it was cancelled. */
  ask: (purpose: FolderPurpose, startAt: string | null) => Promise<string | null>
}

export const useLocalFolderRequest = create<LocalFolderRequestState>()((set, get) => ({
  request: null,
  ask: (purpose, startAt) =>
    new Promise((resolve) => {
      // One picker at a time: a second ask while one is open cancels the first.
      get().request?.answer(null)
      const request: LocalFolderRequest = {
        purpose,
        startAt,
        answer: (path) => {
          if (get().request === request) set({ request: null })
          resolve(path)
        },
      }
      set({ request })
    }),
}))
