import { MAX_DRAG_FILES } from '../../../../shared/ipc/limits.ts'

/**
 * Which drag a drag of the pane's files is (decision, after the review of drag-out): the OS's drag (drag-out.ts),
 * which can leave the window but first needs local copies of the files, or the page's own drag, which starts at
 * once but stays in the window (it moves files between folders). An internal move must stay instant, so the OS's
 * drag is taken only when its copies are ready in about a second: the files not already whole in the drag cache
 * (as main last answered, ready-copies.ts) weigh at most DRAG_OUT_FETCH_BYTES, known from the sizes the rows carry
 * (dragstart must decide before it returns, so main is asked before, when the selection changes). Otherwise the page's drag is kept as it was before drag-out, and a
 * drag out of the window says to use Download… instead (leave-hint.ts).
 *
 * Main's cache still refuses above its own, larger limit (core/download/drag-cache.ts): it does not trust the page,
 * and its last answer of what is cached may be stale.
 */

/**
 * 16 MiB: about a second at 130 Mbit/s, a common home line, and less than a person holds the button before the
 * drag looks stuck (a fetch past SAY_PREPARING_MS says so, drag-out.ts). Photos, documents and short clips fit;
 * videos and archives, whose move would otherwise wait for their download, do not.
 */
export const DRAG_OUT_FETCH_BYTES = 16 * 1024 * 1024

/** A picked file: its code and its size (the index's). */
export interface DragPick {
  fileCode: string
  size: number
}

/**
 * 'out': the OS's drag. 'page': the page's drag, the host has no other (the browser host). 'tooLarge': the page's
 * drag though the host could drag out, because the copies would take too long (or the pick is a whole view, or
 * more files than a drag may carry): it moves within the window, and says to use Download… when it leaves.
 */
export type DragWay = 'out' | 'page' | 'tooLarge'

export interface DragPicks {
  /** Whether the host can hand files to the OS's drag (app.info's dragOut). */
  dragOut: boolean
  /** A whole view's selection (Ctrl+A): its files are not all in memory, and may be thousands. */
  all: boolean
  picked: readonly DragPick[]
}

export function dragWay(
  p: DragPicks & {
    /** Whether the file's copy is already whole in the drag cache. */
    cached: (f: DragPick) => boolean
  },
): DragWay {
  if (!p.dragOut) return 'page'
  if (p.all || p.picked.length > MAX_DRAG_FILES) return 'tooLarge'
  const toFetch = p.picked.reduce((sum, f) => (p.cached(f) ? sum : sum + f.size), 0)
  return toFetch <= DRAG_OUT_FETCH_BYTES ? 'out' : 'tooLarge'
}

/** Whether what the drag cache holds can change the way of a drag of these picks: only then is main asked. */
export function cacheDecides(p: DragPicks): boolean {
  return dragWay({ ...p, cached: () => true }) !== dragWay({ ...p, cached: () => false })
}
