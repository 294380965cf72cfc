import { errorMessage } from '../lib/call.ts'
import { type ToastAction, toast, useToasts } from './toast-store.ts'
import { type UndoEntry, useUndo } from './undo-store.ts'

/** The toast action id of an undo entry: the toast with it goes once that entry is undone (by any means). */
const actionId = (entryId: number) => `undo:${entryId}`

/**
 * Ctrl+Z and a toast's Undo button: undoes the newest change (or the toast's own), and says how it went. Asked
 * again for an entry already undone, it says so instead of undoing something else. The toast that offered the
 * undo goes as the undo starts: its button would act on something already spent.
 */
export async function runUndo(id?: number): Promise<void> {
  const undo = useUndo.getState()
  if (undo.running) {
    toast.refuse('Still undoing the previous change')
    return
  }
  const target = id ?? undo.entries.at(-1)?.id
  if (target !== undefined && undo.has(target)) useToasts.getState().dismissAction(actionId(target))
  const outcome = target === undefined ? null : await undo.undo(target)
  if (outcome === null) toast.refuse(id === undefined ? 'Nothing to undo' : 'Already undone')
  else if (outcome.done) toast.success(`Undid the ${outcome.label}`)
  else toast.error(`Could not undo the ${outcome.label}: ${errorMessage(outcome.error)}`)
}

/** Records an action for Ctrl+Z and gives its toast the Undo button for exactly that action. */
export function undoable(entry: UndoEntry): ToastAction {
  const id = useUndo.getState().push(entry)
  return { label: 'Undo', run: () => void runUndo(id), id: actionId(id) }
}
