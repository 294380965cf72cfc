import type { IntlShape } from 'react-intl'
import { NO_NATIVE_DIALOG } from '../../../../shared/ipc/channels.ts'
import { api } from '../../app/bridge.ts'
import { errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import type { Destination } from '../upload/destination.ts'
import { readFileList } from '../upload/dropped-files.ts'
import { enqueuePaths, enqueueTree } from '../upload/enqueue.ts'

/**
 * Picks files and queues them into one folder, as the upload menu does for the open folder: the native dialog
 * in Electron, the browser's file picker otherwise. The picker's input is made for this one pick, because the
 * menu that asked for it is gone by the time the person has chosen.
 */
export async function uploadHere(
  target: Destination,
  host: 'electron' | 'web' | null,
  intl: IntlShape,
): Promise<void> {
  if (host === 'electron') {
    const result = await api.dialog.pickPaths({ kind: 'files' })
    if (result.ok) return enqueuePaths(result.value, target)
    if (result.error.operation !== NO_NATIVE_DIALOG) return toast.error(() => errorMessage(result.error))
  }
  const input = document.createElement('input')
  input.type = 'file'
  input.multiple = true
  input.addEventListener('change', () => {
    if (input.files && input.files.length > 0) void enqueueTree(readFileList(input.files), target, intl)
  })
  input.click()
}
