import { ROOT, useUi } from '../../state/ui-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'

export interface UploadTarget {
  accountIds: string[]
  fldId: number
  /** The folder's path on the host (`photos/2024`), for the history. */
  folderPath: string
  /** For people: "Photos on Work" / "My files on Work, Backup". */
  label: string
}

/**
 * Where a drop goes: the open folder of the active account, or, when the upload is mirrored to several
 * accounts, their root folders (a folder id belongs to one account; the contract refuses anything else).
 */
export function useUploadTarget(): UploadTarget | null {
  const { data } = useAccounts()
  const chosen = useUploads((s) => s.targets)
  const view = useUi((s) => s.view)
  if (!data?.activeId) return null
  const known = new Set(data.accounts.map((a) => a.id))
  const picked = chosen.filter((id) => known.has(id))
  const accountIds = picked.length > 0 ? picked : [data.activeId]
  const path = accountIds.length === 1 && view.kind === 'files' ? view.path : [ROOT]
  const folder = path.at(-1) ?? ROOT
  const names = accountIds.map((id) => data.accounts.find((a) => a.id === id)?.label ?? id)
  return {
    accountIds,
    fldId: folder.id,
    folderPath: path
      .slice(1)
      .map((c) => c.name)
      .join('/'),
    label: `${folder.name} on ${names.join(', ')}`,
  }
}
