import { create } from 'zustand'
import { useUi } from '../../state/ui-store.ts'
import { useLinkCheck } from '../link-check/link-check-store.ts'

/**
 * Whether the Watch folders view has the content area. Like the link checker, it takes the area over whatever
 * view was there, and gives it back as soon as another view is chosen.
 */
interface WatchViewState {
  open: boolean
  show: () => void
  close: () => void
}

export const useWatchView = create<WatchViewState>()((set) => ({
  open: false,
  show: () => {
    useLinkCheck.getState().close()
    set({ open: true })
  },
  close: () => set({ open: false }),
}))

useUi.subscribe((state, previous) => {
  if (state.view !== previous.view) useWatchView.getState().close()
})
useLinkCheck.subscribe((state) => {
  if (state.open) useWatchView.getState().close()
})
