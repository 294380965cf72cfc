import { useEffect } from 'react'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { useSelection } from '../../state/selection-store.ts'
import { rowKey, useRename } from './rename-store.ts'

/** Long enough for the index to have the new name and the result to be fetched again; short enough to be that. */
const FOLLOW_MS = 10_000

/**
 * After a rename with the keyboard the cursor stays on the renamed row: when the result, fetched again with the
 * new name, sorts it elsewhere among the rendered rows (first..last), the cursor moves there with it. It stops
 * following once the user changes the selection in any way (even a click on the same row), or after FOLLOW_MS.
 * Runs after each render of the pane, which is when new rows arrive; without a rename to follow it returns at once.
 */
export function useFollowRenamed(
  rowAt: (index: number) => IndexRow | undefined,
  first: number,
  last: number,
) {
  const renamed = useRename((s) => s.renamed)
  useEffect(() => {
    if (!renamed) return
    const selection = useSelection.getState()
    // The user clicked or pressed a key since (the selection is not as the follow left it), or it is too late.
    if (selection !== renamed.selection || Date.now() - renamed.at > FOLLOW_MS) {
      useRename.getState().endFollow()
      return
    }
    const here = rowAt(renamed.index)
    if (here === undefined || rowKey(here) === renamed.key) return
    for (let i = first; i <= last; i++) {
      const row = rowAt(i)
      if (row === undefined || rowKey(row) !== renamed.key) continue
      selection.selectOnly(i, row.kind === 'file' ? row : null)
      useRename.getState().follow(renamed.key, i)
      return
    }
  })
}
