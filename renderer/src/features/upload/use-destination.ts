import { ROOT, useUi } from '../../state/ui-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { type Destination, destinationFor } from './destination.ts'
import { useMirrorFolders } from './mirror-folders.ts'

/** Where a drop goes now (destinationFor), from the accounts, the upload menu's choices and the open folder. */
export function useDestination(): Destination | null {
  const { data } = useAccounts()
  const chosen = useUploads((s) => s.targets)
  const view = useUi((s) => s.view)
  const mirrorFolders = useMirrorFolders((s) => s.folders)
  if (!data?.activeId) return null
  return destinationFor({
    accounts: data.accounts,
    activeId: data.activeId,
    chosen,
    openPath: view.kind === 'files' ? view.path : [ROOT],
    mirrorFolders,
  })
}
