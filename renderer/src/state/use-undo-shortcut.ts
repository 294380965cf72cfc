import { useEffect } from 'react'
import { commandKey } from '../lib/command-key.ts'
import { runUndo } from './run-undo.ts'

/**
 * Ctrl+Z (Cmd+Z on macOS) anywhere in the window undoes the newest rename or move, except where typing happens
 * (there it is the field's own undo of the text) and while a dialog is open.
 */
export function useUndoShortcut(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    const onKey = (e: KeyboardEvent) => {
      const mod = commandKey(e)
      if (!mod || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z' || e.repeat) return
      if (isTextEntry(e.target)) return
      // Outside a text field the browser's own undo would take back the last typing in some other field (the
      // search box) that the user is not looking at: never let it.
      e.preventDefault()
      // A dialog is about the files it shows: an undo behind it would change them under the user's eyes. (A card
      // that says it is not modal, like the finished uploads, leaves the shortcut working.)
      const modal = '[role="dialog"]:not([aria-modal="false"]), [role="alertdialog"]'
      if (document.querySelector(modal) !== null) return
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
