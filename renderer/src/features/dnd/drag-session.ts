import type { FolderTarget } from './folder-target.ts'

/**
 * The drag of files from the pane, while it lasts (one at a time: the pointer carries one drag). Drop targets read
 * it to decide whether they take the drop; it is plain module state because the targets (pane rows, tree
 * folders) live in different React trees and a drag must not re-render rows.
 */
export interface DragSession {
  /** The account the files are in (files move only within their account). */
  accountId: string
  /** The folder all dragged files are in, when they share one: dropping there would move nothing. */
  fromFldId: number | null
  moveTo: (target: FolderTarget) => void
}

let session: DragSession | null = null
let cancelled = false
let started = 0
let lit: Element | null = null

const onKey = (e: KeyboardEvent) => {
  if (e.key !== 'Escape' || !session) return
  // The browser ends a native drag on Escape by itself (dragend follows); this covers a drag the page drives
  // itself, and any drop event still on its way: after Escape nothing is moved.
  cancelled = true
  highlight(null)
}

export const dragSession = {
  start(s: DragSession): void {
    session = s
    cancelled = false
    started++
    window.addEventListener('keydown', onKey, true)
  },
  /** The drag in progress, or null (none, or cancelled with Escape). */
  current(): DragSession | null {
    return cancelled ? null : session
  },
  /** Whether a drag from the pane is under way, even one cancelled with Escape (its drop must do nothing). */
  active(): boolean {
    return session !== null
  },
  end(): void {
    session = null
    cancelled = false
    highlight(null)
    window.removeEventListener('keydown', onKey, true)
  },
  /** Counts drags started, so a press can tell whether a drag began before its release. */
  startedCount(): number {
    return started
  },
}

/** Marks the one drop target under the pointer (`data-drop-target`, styled in files.css); null clears it. */
export function highlight(el: Element | null): void {
  if (lit === el) return
  lit?.removeAttribute('data-drop-target')
  lit = el
  el?.setAttribute('data-drop-target', '')
}
