import type { FolderTarget } from './folder-target.ts'
import type { PaneDrag } from './own-drop.ts'

/**
 * The drag of files from the pane, while it lasts (one at a time: the pointer carries one drag). Drop targets read
 * it to decide whether they take the drop; it is plain module state because the targets (pane rows, tree
 * folders) live in different React trees and a drag must not re-render rows.
 *
 * A drag out of the window (drag-out.ts) is one too, with `copies`: the OS carries it, so it comes back to the
 * window as files ('Files'), and own-drop.ts tells them from files dragged in from a folder.
 */
export interface DragSession extends PaneDrag {
  moveTo: (target: FolderTarget) => void
}

let session: DragSession | null = null
/** The last drag out of the window once its copies were known: its drop may come after its record ended. */
let lastOut: DragSession | null = null
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
  /** The drag out of the window under way (the OS carries its files), or null. */
  outside(): DragSession | null {
    const s = dragSession.current()
    return s?.copies === undefined ? null : s
  },
  /** The copies of drag out `s` are ready; false when that drag already ended (the button was released). */
  copiesReady(s: DragSession, copies: readonly string[]): boolean {
    if (session !== s || cancelled) return false
    s.copies = copies
    lastOut = s
    return true
  },
  /** The drag out under way and the last one, for recognising their files when dropped (own-drop.ts). */
  recentOut(): Array<DragSession | null> {
    return [dragSession.outside(), lastOut]
  },
  /** Ends `s` if it is still the drag under way (a later drag is left alone). */
  endIf(s: DragSession): void {
    if (session === s) dragSession.end()
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
