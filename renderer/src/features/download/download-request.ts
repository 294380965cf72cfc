import { create } from 'zustand'
import type { InputOf } from '../../../../shared/ipc/types.ts'
import type { Words } from '../../i18n/words.ts'

/** What a Download… entry asks for: the files (main reads them, from the index), and how the dialog names them. */
export interface DownloadAsk {
  /** The account of the folder or codes; for a selection, the account a query without one means. */
  accountId: string
  what: InputOf<'downloads.plan'>['what']
  /** "3 files", "the folder Photos and its subfolders", "the whole account Main", in the language shown. */
  label: Words
}

interface DownloadRequestState {
  ask: DownloadAsk | null
  open: (ask: DownloadAsk) => void
  close: () => void
}

/** The Download… dialog's request, opened from the file menu, the folder menu and the account's root folder. */
export const useDownloadRequest = create<DownloadRequestState>()((set) => ({
  ask: null,
  open: (ask) => set({ ask }),
  close: () => set({ ask: null }),
}))
