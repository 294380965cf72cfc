import { create } from 'zustand'

/**
 * Selection in the file list, by file code (stable across pages and refetches), plus the keyboard cursor and
 * the anchor of shift-ranges by index into the list as currently shown.
 */
interface SelectionState {
  selected: ReadonlySet<string>
  focusIndex: number
  anchorIndex: number
  /** Plain click / arrow: select one. */
  selectOnly: (codes: readonly string[], index: number) => void
  /** Ctrl/Cmd+click: toggle one, keep the rest. */
  toggle: (codes: readonly string[], index: number) => void
  /** Shift+click / shift+arrow: everything between the anchor and index. */
  extendTo: (codes: readonly string[], index: number, additive: boolean) => void
  selectAll: (codes: readonly string[]) => void
  /** Move the cursor without changing the selection (Ctrl+arrow). */
  setFocus: (index: number) => void
  clear: () => void
  /** Drop codes that are no longer listed (after a move or a refetch). */
  retain: (codes: readonly string[]) => void
}

const empty: ReadonlySet<string> = new Set()

export const useSelection = create<SelectionState>()((set) => ({
  selected: empty,
  focusIndex: -1,
  anchorIndex: -1,
  selectOnly: (codes, index) => {
    const code = codes[index]
    set({ selected: code ? new Set([code]) : empty, focusIndex: index, anchorIndex: index })
  },
  toggle: (codes, index) =>
    set((s) => {
      const code = codes[index]
      if (!code) return s
      const next = new Set(s.selected)
      if (next.has(code)) next.delete(code)
      else next.add(code)
      return { selected: next, focusIndex: index, anchorIndex: index }
    }),
  extendTo: (codes, index, additive) =>
    set((s) => {
      const anchor = s.anchorIndex >= 0 ? s.anchorIndex : index
      const [from, to] = anchor <= index ? [anchor, index] : [index, anchor]
      const next = new Set(additive ? s.selected : empty)
      for (let i = from; i <= to; i++) {
        const code = codes[i]
        if (code) next.add(code)
      }
      return { selected: next, focusIndex: index, anchorIndex: anchor }
    }),
  selectAll: (codes) => set((s) => ({ selected: new Set(codes), focusIndex: Math.max(s.focusIndex, 0) })),
  setFocus: (focusIndex) => set({ focusIndex }),
  clear: () => set({ selected: empty, focusIndex: -1, anchorIndex: -1 }),
  retain: (codes) =>
    set((s) => {
      if (s.selected.size === 0) return s
      const listed = new Set(codes)
      const next = new Set([...s.selected].filter((c) => listed.has(c)))
      return next.size === s.selected.size ? s : { selected: next }
    }),
}))
