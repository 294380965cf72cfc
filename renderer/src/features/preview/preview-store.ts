import { create } from 'zustand'

interface PreviewState {
  /** Quick Look is open over the file pane, showing the file under the cursor. */
  open: boolean
  show: () => void
  close: () => void
}

/** Whether Quick Look is open; the file it shows is the cursor row's, so the arrows move both at once. */
export const usePreview = create<PreviewState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}))
