/** A folder a drag can end on: a folder row of the pane, or a folder of the tree. */
export interface FolderTarget {
  accountId: string
  fldId: number
  name: string
  /** The folder's path on the host (`photos/2024`; '' for the root), for the upload history. */
  path: string
}
