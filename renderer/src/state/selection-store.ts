import { create } from 'zustand'
import type { IndexFileRow } from '../../../shared/file-index.ts'
import type { InputOf } from '../../../shared/ipc/types.ts'

type IndexQuery = InputOf<'index.query'>['query']

/** A file named across accounts: codes are unique per host, not across the user's accounts. */
export const fileKey = (f: { accountId: string; fileCode: string }) => `${f.accountId}:${f.fileCode}`

/**
 * The file pane's selection. Either picked files (clicks, Shift ranges, arrows), kept as their rows so actions
 * have names and links without asking; or, after Ctrl+A, the whole result of a query less the files the user then
 * unticked: 100,000 files are one query, never 100,000 entries here. The keyboard cursor and the Shift anchor are
 * indexes into the rows as currently shown.
 */
interface SelectionState {
  /** The query whose whole result is selected (Ctrl+A), or null for picked files. */
  all: IndexQuery | null
  picked: ReadonlyMap<string, IndexFileRow>
  /** With `all`: files unticked since. */
  except: ReadonlyMap<string, IndexFileRow>
  focusIndex: number
  anchorIndex: number
  /**
   * A row the cursor moved to before its window arrived (End on 100,000 rows): it is picked when it shows up,
   * unless the user did something else first.
   */
  pendingIndex: number
  /** Plain click / arrow: the cursor moves there and selects that file only (a folder row selects nothing). */
  selectOnly: (index: number, row: IndexFileRow | null | undefined) => void
  /** The row the cursor is waiting for arrived. */
  resolvePending: (index: number, row: IndexFileRow) => void
  /** Ctrl/Cmd+click, Space: tick or untick one, keep the rest. */
  toggle: (index: number, row: IndexFileRow) => void
  /** Shift+click / Shift+arrow: the rows from the anchor to index (added to the picks when additive). */
  pickRange: (index: number, rows: readonly IndexFileRow[], additive: boolean) => void
  selectAll: (query: IndexQuery) => void
  /** Move the cursor without changing the selection (Ctrl+arrow). */
  setFocus: (index: number) => void
  clear: () => void
  /** Files that left the view (moved away): no longer selected. */
  forget: (files: readonly { accountId: string; fileCode: string }[]) => void
}

const none: ReadonlyMap<string, IndexFileRow> = new Map()

export const useSelection = create<SelectionState>()((set) => ({
  all: null,
  picked: none,
  except: none,
  focusIndex: -1,
  anchorIndex: -1,
  pendingIndex: -1,
  selectOnly: (index, row) =>
    set({
      all: null,
      picked: row ? new Map([[fileKey(row), row]]) : none,
      except: none,
      focusIndex: index,
      anchorIndex: index,
      pendingIndex: row === undefined ? index : -1,
    }),
  resolvePending: (index, row) =>
    set((s) => (s.pendingIndex === index ? { picked: new Map([[fileKey(row), row]]), pendingIndex: -1 } : s)),
  toggle: (index, row) =>
    set((s) => {
      const key = fileKey(row)
      const flip = (from: ReadonlyMap<string, IndexFileRow>) => {
        const next = new Map(from)
        if (next.has(key)) next.delete(key)
        else next.set(key, row)
        return next
      }
      const moved = { focusIndex: index, anchorIndex: index, pendingIndex: -1 }
      return s.all ? { except: flip(s.except), ...moved } : { picked: flip(s.picked), ...moved }
    }),
  pickRange: (index, rows, additive) =>
    set((s) => {
      const next = new Map(additive && !s.all ? s.picked : none)
      for (const row of rows) next.set(fileKey(row), row)
      const anchorIndex = s.anchorIndex >= 0 ? s.anchorIndex : index
      return { all: null, picked: next, except: none, focusIndex: index, anchorIndex, pendingIndex: -1 }
    }),
  selectAll: (query) =>
    set((s) => ({ all: query, picked: none, except: none, focusIndex: Math.max(s.focusIndex, 0) })),
  setFocus: (focusIndex) => set({ focusIndex, pendingIndex: -1 }),
  clear: () =>
    set({ all: null, picked: none, except: none, focusIndex: -1, anchorIndex: -1, pendingIndex: -1 }),
  forget: (files) =>
    set((s) => {
      if (s.picked.size === 0) return s
      const next = new Map(s.picked)
      for (const f of files) next.delete(fileKey(f))
      return next.size === s.picked.size ? s : { picked: next }
    }),
}))

/** Whether a file row is selected under either kind of selection. */
export function isPicked(
  s: Pick<SelectionState, 'all' | 'picked' | 'except'>,
  row: { accountId: string; fileCode: string },
): boolean {
  // Asked for every drawn row on every scrolled frame: the common cases answer without building the row's key.
  if (s.all) return s.except.size > 0 ? !s.except.has(fileKey(row)) : true
  return s.picked.size > 0 && s.picked.has(fileKey(row))
}

/** Nothing selected: no picks and no Ctrl+A. */
export const isEmpty = (s: Pick<SelectionState, 'all' | 'picked'>) => s.all === null && s.picked.size === 0
