import { ROOT, useUi } from '../../state/ui-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { useMirrorFolders } from './mirror-folders.ts'

export interface UploadTarget {
  accountIds: string[]
  fldId: number
  /** The folder's path on the host (`photos/2024`), for the history. */
  folderPath: string
  /** For people: "Photos on Work" / "Photos on Work, My files on Backup". */
  label: string
  /** Mirrored to several accounts: the folder on each (accountIds and fldId then only say which accounts). */
  targets?: { accountId: string; fldId: number; folderPath: string; label: string }[]
}

/**
 * Where a drop goes: the open folder of the active account, or, when the upload is mirrored to several
 * accounts, the folder chosen on each (a folder id belongs to one account): the active account's open folder and
 * the others' roots until the person picks another in the upload menu.
 */
export function useUploadTarget(): UploadTarget | null {
  const { data } = useAccounts()
  const chosen = useUploads((s) => s.targets)
  const view = useUi((s) => s.view)
  const mirrorFolders = useMirrorFolders((s) => s.folders)
  if (!data?.activeId) return null
  const known = new Set(data.accounts.map((a) => a.id))
  const picked = chosen.filter((id) => known.has(id))
  const accountIds = picked.length > 0 ? picked : [data.activeId]
  const openPath = view.kind === 'files' ? view.path : [ROOT]
  const nameOf = (id: string) => data.accounts.find((a) => a.id === id)?.label ?? id
  if (accountIds.length > 1) {
    const targets = accountIds.map((accountId) => {
      const p = mirrorFolders[accountId] ?? (accountId === data.activeId ? openPath : [ROOT])
      const f = p.at(-1) ?? ROOT
      const folderPath = p
        .slice(1)
        .map((c) => c.name)
        .join('/')
      return { accountId, fldId: f.id, folderPath, label: `${f.name} on ${nameOf(accountId)}` }
    })
    // One folder name everywhere (the roots, say) reads as "My files on Work, Backup".
    const folderNames = new Set(
      accountIds.map((id) => (mirrorFolders[id] ?? (id === data.activeId ? openPath : [ROOT])).at(-1)?.name),
    )
    const label =
      folderNames.size === 1
        ? `${[...folderNames][0]} on ${accountIds.map(nameOf).join(', ')}`
        : targets.map((t) => t.label).join(', ')
    return { accountIds, fldId: 0, folderPath: '', label, targets }
  }
  const path = openPath
  const folder = path.at(-1) ?? ROOT
  const names = accountIds.map(nameOf)
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
