import type { QueryClient } from '@tanstack/react-query'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { undoable } from '../../state/run-undo.ts'
import type { ToastAction } from '../../state/toast-store.ts'
import { useUi } from '../../state/ui-store.ts'
import { invalidateIndex } from '../files/use-file-actions.ts'

interface Renamed {
  accountId: string
  fldId: number
  name: string
  from?: string
}

/**
 * Records a folder rename for Ctrl+Z and returns its toast's Undo button; none when the old name is not known.
 * The API names a folder only in its parent's listing, which a rename does not give, so the name is put back
 * without first asking the host what it is now (a file's undo does ask; see renameBack).
 */
export function undoFolderRename(qc: QueryClient, v: Renamed): ToastAction | undefined {
  const { accountId, fldId, name, from } = v
  if (from === undefined || from === name) return undefined
  return undoable({
    label: (intl) =>
      intl.formatMessage(
        { id: 'folders.undo.rename', defaultMessage: 'rename of folder “{from}” to “{to}”' },
        { from, to: name },
      ),
    undo: async () => {
      try {
        await call(api.folders.rename({ accountId, fldId, name: from }))
        renameCrumb(fldId, from)
      } finally {
        invalidateIndex(qc, accountId)
        void qc.invalidateQueries({ queryKey: keys.folders(accountId) })
      }
    },
  })
}

/** The breadcrumb names the folder again by its old name when the open folder is in it. */
function renameCrumb(fldId: number, name: string): void {
  const { view } = useUi.getState()
  if (view.kind !== 'files' || !view.path.some((c) => c.id === fldId)) return
  useUi.setState({
    view: { kind: 'files', path: view.path.map((c) => (c.id === fldId ? { ...c, name } : c)) },
  })
}
