import { errorMessage } from '../lib/call.ts'
import { type ToastAction, toast } from './toast-store.ts'
import { type UndoEntry, useUndo } from './undo-store.ts'

/**
 * Ctrl+Z and a toast's Undo button: undoes the newest change (or the toast's own), and says how it went. Asked
 * again for an entry already undone, it says so instead of undoing something else.
 */
export async function runUndo(id?: number): Promise<void> {
  const undo = useUndo.getState()
  if (undo.running) {
    toast.info('Still undoing the previous change')
    return
  }
  const outcome = await undo.undo(id)
  if (outcome === null) toast.info(id === undefined ? 'Nothing to undo' : 'Already undone')
  else if (outcome.done) toast.success(`Undid the ${outcome.label}`)
  else toast.error(`Could not undo the ${outcome.label}: ${errorMessage(outcome.error)}`)
}

/** Records an action for Ctrl+Z and gives its toast the Undo button for exactly that action. */
export function undoable(entry: UndoEntry): ToastAction {
  const id = useUndo.getState().push(entry)
  return { label: 'Undo', run: () => void runUndo(id) }
}
