/**
 * The page's drag of files too large to drag out (drag-way.ts 'tooLarge') cannot leave the window with them: when
 * it leaves, it says once to use Download… instead, rather than letting a drop on the desktop do nothing.
 */

/**
 * Whether a document-level dragleave is the drag leaving the window: no element is entered next (relatedTarget
 * null) and the point is outside the viewport or on its edge (Chromium gives the leave of the window the point
 * (0, 0) in some versions; a leave between elements inside has a point inside).
 */
export function leavesWindow(
  e: Pick<DragEvent, 'relatedTarget' | 'clientX' | 'clientY'>,
  view: { width: number; height: number },
): boolean {
  if (e.relatedTarget !== null) return false
  return e.clientX <= 0 || e.clientY <= 0 || e.clientX >= view.width || e.clientY >= view.height
}

/**
 * Calls `say` the first time the drag under way leaves the window; listens until then, or until that drag ends
 * (its drop or dragend reach the document; a drag ended otherwise, `isThisDrag` turns false and the next leave
 * stops listening). `doc` and `view` are the window's own unless a test gives others.
 */
export function hintWhenLeaving(
  isThisDrag: () => boolean,
  say: () => void,
  doc: EventTarget = document,
  view = () => ({ width: window.innerWidth, height: window.innerHeight }),
): void {
  const capture = { capture: true }
  const stop = () => {
    doc.removeEventListener('dragleave', onLeave, capture)
    doc.removeEventListener('drop', stop, capture)
    doc.removeEventListener('dragend', stop, capture)
  }
  const onLeave = (e: Event) => {
    if (!isThisDrag()) return stop()
    if (!leavesWindow(e as DragEvent, view())) return
    stop()
    say()
  }
  doc.addEventListener('dragleave', onLeave, capture)
  doc.addEventListener('drop', stop, capture)
  doc.addEventListener('dragend', stop, capture)
}
