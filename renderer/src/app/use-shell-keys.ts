import { useEffect } from 'react'
import { newFolderInOpenFolder } from '../features/folders/folder-edit-store.ts'
import { commandKey } from '../lib/command-key.ts'
import { useUi } from '../state/ui-store.ts'

/**
 * Window-wide keys of the shell: Ctrl+F (Cmd+F) puts the cursor in the current view's search box, Ctrl+N
 * (Cmd+N) starts a new folder in the open folder (the root outside a folder), its name typed in place at the top
 * of the file list, or in the folder tree when the tree has the keyboard; focus comes back to where Ctrl+N was
 * pressed (the file grid, its cursor then on the new folder); Ctrl+, (Cmd+,)
 * opens Settings. While a dialog
 * is open its own keys win: a search or a new folder behind it would be out of reach.
 */
export function useShellKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = commandKey(e)
      if (!mod || e.shiftKey || e.altKey || e.repeat) return
      // A modal dialog only: the finished-upload card is a dialog too, but one that sits beside the work.
      if (document.querySelector('[role="dialog"]:not([aria-modal="false"]), [role="alertdialog"]')) return
      const key = e.key.toLowerCase()
      if (key === 'f') {
        const search = document.querySelector<HTMLInputElement>('.toolbar-slot input[type="search"]')
        // A view without a search box (the dashboard) leaves Ctrl+F to the browser's find in page.
        if (!search) return
        e.preventDefault()
        search.focus()
        search.select()
      } else if (key === ',') {
        // Settings, where every desktop app keeps them (Ctrl+, / ⌘,).
        e.preventDefault()
        useUi.getState().openDialog({ kind: 'settings' })
      } else if (key === 'n') {
        e.preventDefault()
        const from = document.activeElement
        const origin = from instanceof HTMLElement && from !== document.body ? from : null
        // Where the user is: the tree when it has the keyboard, else the file list (its name field on top).
        newFolderInOpenFolder(origin, origin?.closest('[role="tree"]') ? 'tree' : 'list')
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
