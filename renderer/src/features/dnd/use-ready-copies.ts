import { useEffect } from 'react'
import { api } from '../../app/bridge.ts'
import { useSelection } from '../../state/selection-store.ts'
import { selectionAccount } from '../files/selection.ts'
import { cacheDecides } from './drag-way.ts'
import { ReadyCopies } from './ready-copies.ts'

/** The window's one view of which picked files' drag copies are ready (ready-copies.ts says when it asks). */
export const readyCopies = new ReadyCopies((input) => api.drag.cached(input))

/** Keeps readyCopies asking about the selection while the host can drag out (app.info's dragOut). */
export function useReadyCopies(dragOut: boolean): void {
  useEffect(() => {
    if (!dragOut) return
    const follow = (sel: ReturnType<typeof useSelection.getState>) => {
      const picked = sel.all ? [] : [...sel.picked.values()]
      const decides = cacheDecides({ dragOut, all: sel.all !== null, picked })
      void readyCopies.follow(selectionAccount(sel), decides ? picked : null)
    }
    follow(useSelection.getState())
    const stop = useSelection.subscribe((sel, before) => {
      if (sel.picked !== before.picked || sel.all !== before.all) follow(sel)
    })
    const onFocus = () => void readyCopies.askAgain()
    window.addEventListener('focus', onFocus)
    return () => {
      stop()
      window.removeEventListener('focus', onFocus)
      void readyCopies.follow(null, null)
    }
  }, [dragOut])
}
