import { create } from 'zustand'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { fileKey, useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'

/** A row named across accounts and kinds: files by code, folders by id. */
export const rowKey = (row: IndexRow): string =>
  row.kind === 'file' ? fileKey(row) : `${row.accountId}:folder:${row.fldId}`

interface RenameState {
  /**
   * The one row of the file pane whose name is an input now: by key, so the input stays on that row when a
   * refetch shifts the rows around it; with the index it had, where the cursor goes back after the edit.
   */
  editing: { key: string; index: number } | null
  /**
   * What is typed so far. Kept here, not in the input: the input unmounts when its row scrolls out of the
   * rendered rows or is handed another slot, and mounts again with the same text.
   */
  draft: string
  /**
   * A row just renamed with the keyboard: the cursor follows it when the result sorts it elsewhere (by name) once
   * the index has the new name (use-follow-renamed.ts). `index` is where the cursor is now, `at` when it began,
   * `selection` the selection as the follow left it: any other change to it (a click, a key) ends the follow.
   */
  renamed: { key: string; index: number; at: number; selection: object } | null
  start: (row: IndexRow, index: number) => void
  setDraft: (draft: string) => void
  /** Ends the edit of `key`, if it is still the one (a later F2 elsewhere stays). */
  stop: (key: string) => void
  follow: (key: string, index: number) => void
  endFollow: () => void
}

export const useRename = create<RenameState>()((set) => ({
  editing: null,
  draft: '',
  start: (row, index) =>
    set((s) =>
      s.editing?.key === rowKey(row) ? s : { editing: { key: rowKey(row), index }, draft: row.name },
    ),
  setDraft: (draft) => set({ draft }),
  stop: (key) => set((s) => (s.editing?.key === key ? { editing: null, draft: '' } : s)),
  renamed: null,
  follow: (key, index) =>
    set((s) => ({
      renamed: {
        key,
        index,
        at: s.renamed?.key === key ? s.renamed.at : Date.now(),
        selection: useSelection.getState(),
      },
    })),
  endFollow: () => set({ renamed: null }),
}))

/**
 * F2 and the menu's Rename: the name of the row under the cursor becomes an input. A file is renamed when it is
 * the one selected (or nothing is); a folder row when no file is picked (picking a file moves the cursor to it).
 */
export function renameAtCursor(rowAt: (index: number) => IndexRow | undefined): void {
  const s = useSelection.getState()
  const row = s.focusIndex >= 0 ? rowAt(s.focusIndex) : undefined
  const alone =
    row?.kind === 'file'
      ? s.all === null && (s.picked.size === 0 || (s.picked.size === 1 && s.picked.has(fileKey(row))))
      : s.all === null && s.picked.size === 0
  if (row && alone) useRename.getState().start(row, s.focusIndex)
  else
    toast.refuse((intl) =>
      row
        ? intl.formatMessage({
            id: 'files.rename.selectOne',
            defaultMessage: 'Select just one file or folder to rename it',
          })
        : intl.formatMessage({
            id: 'files.rename.selectSome',
            defaultMessage: 'Select a file or folder to rename it',
          }),
    )
}
