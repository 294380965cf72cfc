import type { UploadTarget } from '../upload/use-upload-target.ts'
import type { FolderTarget } from './folder-target.ts'

/**
 * The same drop, aimed at one folder (a folder row or a tree folder under the pointer) instead of the open one.
 * Mirrored uploads keep the folders chosen on the other accounts. A folder of an account the upload menu did not
 * choose still wins: the person pointed at it, so its files go there, on that account alone.
 */
export function intoFolder(t: UploadTarget, folder: FolderTarget, accountLabel: string): UploadTarget {
  const label = `${folder.name} on ${accountLabel}`
  const one = { accountId: folder.accountId, fldId: folder.fldId, folderPath: folder.path, label }
  if (t.targets?.some((x) => x.accountId === folder.accountId)) {
    const targets = t.targets.map((x) => (x.accountId === folder.accountId ? one : x))
    return { ...t, targets, label: targets.map((x) => x.label).join(', ') }
  }
  return { accountIds: [folder.accountId], fldId: folder.fldId, folderPath: folder.path, label }
}
