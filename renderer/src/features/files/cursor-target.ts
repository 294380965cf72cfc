import { useEffect } from 'react'
import { create } from 'zustand'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { useSelection } from '../../state/selection-store.ts'
import { rowKey } from './rename-store.ts'

/** Long enough for the rows of a folder just opened, or a folder just made, to arrive from the index. */
const WAIT_MS = 10_000

/**
 * A row the keyboard cursor goes to as soon as the file pane draws it: the folder just left with Backspace (in
 * the parent's list), the folder just made with Ctrl+N. The cursor and the selection land on it together, so
 * the focus ring and the highlight are on one row.
 */
interface CursorTargetState {
  target: { key: string; at: number } | null
  aim: (key: string) => void
  drop: () => void
}

export const useCursorTarget = create<CursorTargetState>()((set) => ({
  target: null,
  aim: (key) => set({ target: { key, at: Date.now() } }),
  drop: () => set({ target: null }),
}))

/** The key of a folder's row in the file pane (rename-store's rowKey of an IndexFolderRow). */
export const folderRowKey = (accountId: string, fldId: number) => `${accountId}:folder:${fldId}`

/**
 * Puts the cursor on the aimed row once it is among the drawn rows (first..last), then forgets the aim. Runs
 * after each render of the rows, which is when new ones arrive; the file view clears the old place's selection
 * in a layout effect, before this.
 */
export function useCursorOnTarget(
  rowAt: (index: number) => IndexRow | undefined,
  first: number,
  last: number,
) {
  const target = useCursorTarget((s) => s.target)
  useEffect(() => {
    if (!target) return
    if (Date.now() - target.at > WAIT_MS) {
      useCursorTarget.getState().drop()
      return
    }
    for (let i = first; i <= last; i++) {
      const row = rowAt(i)
      if (row === undefined || rowKey(row) !== target.key) continue
      useSelection.getState().selectOnly(i, row.kind === 'file' ? row : null)
      useCursorTarget.getState().drop()
      return
    }
  })
}
