import { defineMessages } from 'react-intl'
import { descriptors } from '../i18n/descriptors.ts'
import { errorMessage } from '../lib/call.ts'
import { type ToastAction, toast, useToasts } from './toast-store.ts'
import { type UndoEntry, useUndo } from './undo-store.ts'

const m = descriptors(
  defineMessages({
    busy: { id: 'queue.undo.busy', defaultMessage: 'Still undoing the previous change' },
    nothing: { id: 'queue.undo.nothing', defaultMessage: 'Nothing to undo' },
    already: { id: 'queue.undo.already', defaultMessage: 'Already undone' },
    done: { id: 'queue.undo.done', defaultMessage: 'Undid the {action}' },
    failed: { id: 'queue.undo.failed', defaultMessage: 'Could not undo the {action}: {error}' },
    button: { id: 'queue.undo.button', defaultMessage: 'Undo' },
  }),
)

/** The toast action id of an undo entry: the toast with it goes once that entry is undone (by any means). */
const actionId = (entryId: number) => `undo:${entryId}`

/**
 * Ctrl+Z and a toast's Undo button: undoes the newest change (or the toast's own), and says how it went. Asked
 * again for an entry already undone, it says so instead of undoing something else. The toast that offered the
 * undo goes as the undo starts: its button would act on something already spent. The entry's label is its
 * caller's words, worded with the toast, in the window's language when it is drawn.
 */
export async function runUndo(id?: number): Promise<void> {
  const undo = useUndo.getState()
  if (undo.running) {
    toast.refuse((intl) => intl.formatMessage(m.busy))
    return
  }
  const target = id ?? undo.entries.at(-1)?.id
  if (target !== undefined && undo.has(target)) useToasts.getState().dismissAction(actionId(target))
  const outcome = target === undefined ? null : await undo.undo(target)
  if (outcome === null) toast.refuse((intl) => intl.formatMessage(id === undefined ? m.nothing : m.already))
  else if (outcome.done) toast.success((intl) => intl.formatMessage(m.done, { action: outcome.label(intl) }))
  else
    toast.error((intl) =>
      intl.formatMessage(m.failed, { action: outcome.label(intl), error: errorMessage(outcome.error) }),
    )
}

/**
 * Records an action for Ctrl+Z and gives its toast the Undo button for exactly that action, in the window's
 * language (`intl`).
 */
export function undoable(entry: UndoEntry): ToastAction {
  const id = useUndo.getState().push(entry)
  return { label: (intl) => intl.formatMessage(m.button), run: () => void runUndo(id), id: actionId(id) }
}
