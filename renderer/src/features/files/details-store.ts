import { create } from 'zustand'

interface DetailsState {
  open: boolean
  toggle: () => void
}

/** Whether the file view shows its details panel; kept across folders, as the columns are. */
export const useDetails = create<DetailsState>()((set) => ({
  open: false,
  toggle: () => set((s) => ({ open: !s.open })),
}))
