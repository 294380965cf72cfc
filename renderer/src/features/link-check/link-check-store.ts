import { create } from 'zustand'
import type { AccountView } from '../../../../shared/accounts.ts'
import { useUi } from '../../state/ui-store.ts'
import { checkRows, type LinkRow, planRows } from './check-links.ts'

/**
 * The link checker: whether its view is showing, the pasted text, and the last check's rows. Kept in a store so
 * leaving the view and coming back keeps both the text and the results.
 */
interface LinkCheckState {
  open: boolean
  text: string
  rows: LinkRow[]
  running: boolean
  /** Shows the checker, with `text` in it when given (the history checks its batches in place instead). */
  show: (text?: string) => void
  close: () => void
  setText: (text: string) => void
  /** Checks every link in the text; asking again while a check runs starts it over with the current text. */
  check: (accounts: readonly AccountView[]) => Promise<void>
}

// Each check gets a number; a newer check makes the older one stop and drop its late answers.
let generation = 0

export const useLinkCheck = create<LinkCheckState>()((set, get) => ({
  open: false,
  text: '',
  rows: [],
  running: false,
  show: (text) => set(text === undefined ? { open: true } : { open: true, text, rows: [] }),
  close: () => set({ open: false }),
  setText: (text) => set({ text }),
  check: async (accounts) => {
    // The links are read with the contract's URL rule (zod), loaded with the first check, not before the first paint.
    const { extractLinks } = await import('./extract-links.ts')
    const mine = ++generation
    const { links, invalid } = extractLinks(get().text)
    set({ rows: planRows(links, invalid, accounts), running: true })
    try {
      await checkRows(
        get().rows,
        // Only the rows of this batch change; the others keep their identity, so their table rows skip rendering.
        (results) =>
          set((s) => ({
            rows: s.rows.map((r) => {
              const result = results.get(r.link)
              return result === undefined ? r : { ...r, result }
            }),
          })),
        () => mine !== generation,
      )
    } finally {
      if (mine === generation) set({ running: false })
    }
  },
}))

// Any other view chosen (a folder, the dashboard, an account switch) replaces the checker.
useUi.subscribe((state, previous) => {
  if (state.view !== previous.view) useLinkCheck.getState().close()
})
