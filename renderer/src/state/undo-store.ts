import { create } from 'zustand'
import type { Words } from '../i18n/words.ts'

/** Something the user did that can be taken back: a rename, a move. */
export interface UndoEntry {
  /**
   * The action undone, to follow "Undid the": "rename of “a.txt” to “b.txt”", worded when said (the language
   * may have changed since the action).
   */
  label: Words
  /** Puts things back; rejects with a message for the user when it could not (the host changed meanwhile). */
  undo: () => Promise<void>
}

interface Stored extends UndoEntry {
  id: number
}

/** Older entries fall off: an undo of something from an hour ago is more surprise than help. */
const MAX_ENTRIES = 50

type Outcome = { done: true; label: Words } | { done: false; label: Words; error: unknown } | null

interface UndoState {
  entries: readonly Stored[]
  /** An undo on its way to the host: a second one waits its turn rather than racing it. */
  running: boolean
  /** Records an action just done; returns its id (for the toast's Undo button). */
  push: (entry: UndoEntry) => number
  /**
   * Undoes the newest entry, or with an id that one entry. Each entry is taken off the stack before it runs, so
   * it is undone at most once however often it is asked (Ctrl+Z twice, the toast's button after Ctrl+Z). null:
   * nothing to undo (or another undo is still running).
   */
  undo: (id?: number) => Promise<Outcome>
  has: (id: number) => boolean
}

let nextId = 1

export const useUndo = create<UndoState>()((set, get) => ({
  entries: [],
  running: false,
  push: (entry) => {
    const id = nextId++
    set((s) => ({ entries: [...s.entries, { ...entry, id }].slice(-MAX_ENTRIES) }))
    return id
  },
  undo: async (id) => {
    const { entries, running } = get()
    if (running) return null
    const entry = id === undefined ? entries.at(-1) : entries.find((e) => e.id === id)
    if (!entry) return null
    set((s) => ({ running: true, entries: s.entries.filter((e) => e.id !== entry.id) }))
    try {
      await entry.undo()
      return { done: true, label: entry.label }
    } catch (error) {
      // Not put back: what failed is usually for good (the file was changed elsewhere), and a retry that
      // half-succeeded could undo twice.
      return { done: false, label: entry.label, error }
    } finally {
      set({ running: false })
    }
  },
  has: (id) => get().entries.some((e) => e.id === id),
}))
