import { useCallback } from 'react'
import { type Crumb, ROOT, useUi } from '../../state/ui-store.ts'

/**
 * Opening a folder row of the file pane: the row is a subfolder of the open folder, so its path is the open
 * folder's plus one step (the breadcrumb and the sidebar tree follow it).
 */
export function useOpenFolder(path: readonly Crumb[] | null) {
  return useCallback(
    (folder: { fldId: number; name: string }) =>
      useUi.getState().openFolder([...(path ?? [ROOT]), { id: folder.fldId, name: folder.name }]),
    [path],
  )
}
