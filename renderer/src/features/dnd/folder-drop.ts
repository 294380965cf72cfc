import { useEffect } from 'react'
import { dragSession, highlight } from './drag-session.ts'
import type { FolderTarget } from './folder-target.ts'
import { movesInto } from './own-drop.ts'

/** The type a drag of files from the pane carries; OS drags carry 'Files'. */
export const MOVE_TYPE = 'application/x-filedock-files'

/** Drag events a folder target took, with its folder: DropZone's window listener reads them after the target. */
const claimed = new WeakMap<Event, FolderTarget>()

/** A drag resting this long on a folded tree folder unfolds it, so a subfolder can be reached without dropping. */
export const SPRING_OPEN_MS = 700
let resting: { el: Element; since: number; sprung: boolean } | null = null
/** Drag events that reached a tree folder: any other one means the pointer moved off it, and the rest starts over. */
const rested = new WeakSet<Event>()

/** Called on each dragover of a tree folder (a few times a second while the pointer rests there). */
function restOn(e: React.DragEvent, el: Element, open: () => void): void {
  rested.add(e.nativeEvent)
  const now = performance.now()
  if (resting?.el !== el) resting = { el, since: now, sprung: false }
  else if (!resting.sprung && now - resting.since >= SPRING_OPEN_MS) {
    resting.sprung = true
    open()
  }
}

const carries = (e: React.DragEvent, type: string) => e.dataTransfer.types.includes(type)

/**
 * A drag over a folder target (dragenter and dragover): files from the pane may drop there when they are of
 * its account and not already in it; files from the OS always may (they upload into it). Cancelling the event is
 * what lets the drop happen; the target is marked for as long as the pointer is on it.
 */
export function dragOverFolder(e: React.DragEvent, el: Element, target: FolderTarget): void {
  if (carries(e, MOVE_TYPE)) {
    // A drag from another window of the app has no session here: files move from the window they were picked in.
    const s = dragSession.current()
    if (!s || !movesInto(s, target)) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'move'
  } else if (carries(e, 'Files')) {
    // Our own drag out of the window, back over it: only a folder its files can move into takes it (own-drop.ts).
    // The OS drag offers copying only, so the effect stays 'copy' even for what will be a move.
    const out = dragSession.outside()
    if (out && !movesInto(out, target)) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'copy'
  } else return
  claimed.set(e.nativeEvent, target)
  highlight(el)
}

export function dropOnFolder(e: React.DragEvent, target: FolderTarget): void {
  highlight(null)
  if (carries(e, MOVE_TYPE)) {
    e.preventDefault()
    const s = dragSession.current()
    dragSession.end()
    if (s && movesInto(s, target)) s.moveTo(target)
    return
  }
  // Files from the OS: DropZone uploads them (in its window listener, which runs next), into this folder, or
  // moves them there when they are the copies of our own drag out of the window (own-drop.ts).
  if (carries(e, 'Files')) claimed.set(e.nativeEvent, target)
}

/** The folder a drag event was aimed at, when a folder target took it on its way up to the window. */
export function folderOfEvent(e: Event): FolderTarget | null {
  return claimed.get(e) ?? null
}

/** Makes an element (a folder of the tree) a drop target for `target`; `unfold` opens it when a drag rests on it. */
export function folderDropProps(target: FolderTarget, unfold?: () => void) {
  const over = (e: React.DragEvent) => {
    if (unfold && (carries(e, MOVE_TYPE) || carries(e, 'Files'))) restOn(e, e.currentTarget, unfold)
    dragOverFolder(e, e.currentTarget, target)
  }
  return { onDragEnter: over, onDragOver: over, onDrop: (e: React.DragEvent) => dropOnFolder(e, target) }
}

/**
 * Window-wide, once: the mark leaves a target when the pointer moves on to anything that is not one, when the
 * drag leaves the window, and when it ends; the pane's drag ends with its dragend (or a drop elsewhere).
 */
export function useDropTargetCleanup(): void {
  useEffect(() => {
    const onOver = (e: DragEvent) => {
      if (!claimed.has(e)) highlight(null)
      if (!rested.has(e)) resting = null
    }
    const onLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) highlight(null)
    }
    const onEnd = () => {
      resting = null
      dragSession.end()
    }
    window.addEventListener('dragover', onOver)
    window.addEventListener('dragleave', onLeave)
    window.addEventListener('drop', onEnd)
    window.addEventListener('dragend', onEnd)
    return () => {
      window.removeEventListener('dragover', onOver)
      window.removeEventListener('dragleave', onLeave)
      window.removeEventListener('drop', onEnd)
      window.removeEventListener('dragend', onEnd)
    }
  }, [])
}

/** A tree path's place on the host (`photos/2024`; '' for the root), as the upload history keeps it. */
export const hostPath = (path: readonly { name: string }[]) =>
  path
    .slice(1)
    .map((c) => c.name)
    .join('/')
