import { useEffect } from 'react'
import { commandKey } from '../../lib/command-key.ts'
import { useDetails } from './details-store.ts'

/**
 * Alt+Enter (properties, as in desktop file managers) and Ctrl/Cmd+I (get info) open and close the details panel
 * from anywhere in the file view. Listened for on the way down (capture), so the file grid never also takes
 * Alt+Enter as Enter and opens the file's page.
 */
export function useDetailsKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = commandKey(e)
      const altEnter = e.altKey && !mod && e.key === 'Enter'
      const getInfo = mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'i'
      if (!(altEnter || getInfo) || e.repeat) return
      // In rich text Ctrl+I is italics; Filedock has none, but a field that does keeps its key.
      if (e.target instanceof HTMLElement && e.target.isContentEditable) return
      e.preventDefault()
      e.stopPropagation()
      useDetails.getState().toggle()
    }
    window.addEventListener('keydown', onKey, { capture: true })
    return () => window.removeEventListener('keydown', onKey, { capture: true })
  }, [])
}
