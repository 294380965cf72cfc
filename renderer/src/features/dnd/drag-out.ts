import { api } from '../../app/bridge.ts'
import { errorMessage } from '../../lib/call.ts'
import { toast, useToasts } from '../../state/toast-store.ts'
import { type DragSession, dragSession } from './drag-session.ts'
import type { DragPick } from './drag-way.ts'
import { readyCopies } from './use-ready-copies.ts'

/**
 * How long after the window lost focus a drag out is taken as ended. The OS drag gives the page no pointer events
 * while it lasts, so its end is only seen at the next pointer event in the window; a drop in a file manager that
 * takes the focus may give none for a long time. A drop of the copies is recognised by their paths either way
 * (own-drop.ts): this only stops the window treating later drags as ours.
 */
const BLUR_END_MS = 5_000

/** A drag whose copies are not ready after this long says it is fetching them (a drag would look stuck). */
const SAY_PREPARING_MS = 400
const PREPARING = 'drag-out-preparing'

/**
 * Drags the pane's files out of the window (Electron only: app.info's `dragOut`): the page's own drag is
 * cancelled, main fetches local copies (drag.prepare), and, if the mouse button is still down by then, starts the
 * OS's drag of them (drag.start), which a file manager or the desktop copies from. Dropped back on a folder of the
 * window, the files move there (own-drop.ts), as the page's drag would move them.
 *
 * Taken only for picks whose copies are ready in about a second (drag-way.ts); once main answered, the window asks
 * again which copies are ready (ready-copies.ts), so a later drag of the same files starts at once.
 *
 * The drag is recorded until its drop, a release of the button, a pointer moving with no button down (the first
 * event after an OS drag ended elsewhere), or BLUR_END_MS after the window lost focus.
 */
export function startDragOut(
  e: React.DragEvent,
  s: Omit<DragSession, 'copies'>,
  files: readonly DragPick[],
): void {
  e.preventDefault()
  const drag: DragSession = { ...s, copies: null }
  dragSession.start(drag)
  let blurTimer: ReturnType<typeof setTimeout> | undefined
  const end = () => {
    window.removeEventListener('pointerup', end, true)
    window.removeEventListener('pointermove', onMove, true)
    window.removeEventListener('blur', onBlur)
    window.removeEventListener('focus', onFocus)
    clearTimeout(blurTimer)
    dragSession.endIf(drag)
  }
  const onMove = (m: PointerEvent) => {
    if (m.buttons === 0) end()
  }
  const onBlur = () => {
    blurTimer = setTimeout(end, BLUR_END_MS)
  }
  const onFocus = () => clearTimeout(blurTimer)
  window.addEventListener('pointerup', end, true)
  window.addEventListener('pointermove', onMove, true)
  window.addEventListener('blur', onBlur)
  window.addEventListener('focus', onFocus)

  // Copies already fetched answer at once; a fetch the person waits for with the button down is said.
  const count = files.length
  const fileCodes = files.map((f) => f.fileCode)
  const saying = setTimeout(
    () =>
      useToasts.getState().upsert(
        PREPARING,
        (intl) =>
          intl.formatMessage(
            {
              id: 'dnd.dragOut.preparing',
              defaultMessage:
                'Getting {count, plural, one {the file} other {# files}} ready to drag out… Keep the mouse button down.',
            },
            { count },
          ),
        'info',
      ),
    SAY_PREPARING_MS,
  )
  void (async () => {
    const prepared = await api.drag.prepare({ accountId: s.accountId, fileCodes })
    clearTimeout(saying)
    useToasts.getState().dismissKey(PREPARING)
    if (!prepared.ok) {
      end()
      toast.error(() => errorMessage(prepared.error))
      return
    }
    void readyCopies.askAgain()
    // Released meanwhile: an OS drag started now would follow a pointer with no button down.
    if (!dragSession.copiesReady(drag, prepared.value.paths)) return
    const started = await api.drag.start({ paths: prepared.value.paths })
    if (!started.ok) {
      end()
      toast.error(() => errorMessage(started.error))
    }
  })()
}
