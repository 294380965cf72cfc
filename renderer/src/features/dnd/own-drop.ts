import type { FolderTarget } from './folder-target.ts'

/**
 * Dropping files the OS carries ('Files') on the window: files from a folder are uploaded, but the copies of our
 * own drag out of the window (Electron: the pane's files fetched into the app's cache and handed to the OS drag,
 * drag-out.ts) are the account's own files coming back: dropped on a folder they can move into, they move there,
 * as the pane's drag moves them; anywhere else nothing happens. Never an upload of the copies.
 *
 * Recognised by the dropped paths (Electron gives each File's path), not only by a drag being under way: the
 * record of a drag out may end before its drop (the OS drag gives the page no pointer events, so its end is
 * guessed), and a stale record must not stop a file from a folder being uploaded.
 */

/** A drag of the pane's files: where they are and, for a drag out of the window, their copies once fetched. */
export interface PaneDrag {
  accountId: string
  /** The folder all dragged files are in, when they share one: dropping there would move nothing. */
  fromFldId: number | null
  /** Only for a drag out of the window: the local copies the OS drags (null while they are fetched). */
  copies?: readonly string[] | null
}

/** Whether moving the dragged files into `target` changes anything (files move only within their account). */
export function movesInto(d: PaneDrag, target: Pick<FolderTarget, 'accountId' | 'fldId'>): boolean {
  return d.accountId === target.accountId && d.fromFldId !== target.fldId
}

/** The drag out (the one under way, else the last) whose copies the dropped files all are; null for others. */
export function ownDragOf<D extends PaneDrag>(
  dropped: readonly string[],
  drags: ReadonlyArray<D | null>,
): D | null {
  if (dropped.length === 0) return null
  for (const d of drags) {
    const copies = d?.copies
    if (d && copies && dropped.every((p) => copies.includes(p))) return d
  }
  return null
}

export type FilesDrop<D extends PaneDrag> =
  | { kind: 'upload' }
  | { kind: 'move'; drag: D; into: FolderTarget }
  | { kind: 'ignore' }

/**
 * What a drop of OS files does. `dropped`: their paths (null where the host gives none: the browser host, which
 * has no drag out); `drags`: the drag out under way and the last one; `folder`: the folder under the pointer.
 */
export function decideFilesDrop<D extends PaneDrag>(
  dropped: readonly string[] | null,
  drags: ReadonlyArray<D | null>,
  folder: FolderTarget | null,
): FilesDrop<D> {
  const own = dropped === null ? null : ownDragOf(dropped, drags)
  if (own === null) return { kind: 'upload' }
  return folder !== null && movesInto(own, folder)
    ? { kind: 'move', drag: own, into: folder }
    : { kind: 'ignore' }
}
