import { type Destination, withFolder } from '../upload/destination.ts'
import type { FolderTarget } from './folder-target.ts'

/** The same drop, aimed at one folder (a folder row or a tree folder under the pointer) instead of the open one. */
export function intoFolder(d: Destination, folder: FolderTarget, accountLabel: string): Destination {
  return withFolder(d, {
    accountId: folder.accountId,
    fldId: folder.fldId,
    folderPath: folder.path,
    folderName: folder.name,
    accountLabel,
  })
}
