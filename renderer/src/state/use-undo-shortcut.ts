import { useEffect } from 'react'
import { runUndo } from './run-undo.ts'

/**
 * Ctrl+Z (Cmd+Z on macOS) anywhere in the window undoes the newest rename or move, except where typing happens:
 * there it is the field's own undo of the text.
 */
export function useUndoShortcut(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    const onKey = (e: KeyboardEvent) => {
      const mod = navigator.platform.toLowerCase().includes('mac') ? e.metaKey : e.ctrlKey
      if (!mod || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z' || e.repeat) return
      if (isTextEntry(e.target)) return
      e.preventDefault()
      void runUndo()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [enabled])
}

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement) return true
  if (!(target instanceof HTMLInputElement)) return false
  // Checkboxes and buttons have no text to undo.
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
}
