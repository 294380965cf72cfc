import { z } from 'zod'
import { defineChannel } from './define-channel.ts'
import { absolutePath, accountId, fileCode } from './fields.ts'
import { MAX_DRAG_FILES } from './limits.ts'

/**
 * Dragging files out of the window to the desktop or a file manager (Electron only: webContents.startDrag drags
 * files that exist on disk). Two steps, because the OS drag may only start while the mouse button is still down,
 * which only the page knows: `prepare` fetches local copies (core/download/drag-cache.ts), then the page, if the
 * button is still held, asks `start`; `cached` says beforehand which copies are ready. A host that cannot drag to
 * the OS (the browser host) refuses all three with the operation NO_DRAG_OUT; `app.info`'s `dragOut` says
 * beforehand. Spread into contract.ts.
 */

/** The operation of the error a host that cannot drag files to the OS answers with. */
export const NO_DRAG_OUT = 'dragOut'

const codes = z
  .array(fileCode)
  .min(1, 'Give at least one file code')
  .max(MAX_DRAG_FILES, `At most ${MAX_DRAG_FILES} files per drag`)

export const dragOutContract = {
  /**
   * Local copies of the account's files, fetched into the app's cache where not there whole already; answers
   * their paths, in order. Refused when the copies to fetch exceed a size limit (the person is holding the mouse
   * button meanwhile); the renderer asks only for picks far below it (renderer/src/features/dnd/drag-way.ts).
   */
  'drag.prepare': defineChannel<{ paths: string[] }>()(z.strictObject({ accountId, fileCodes: codes })),
  /**
   * Which of the account's files have their copies whole in the cache now (their codes, a subset of those given):
   * a window asks when its selection changes, so its dragstart, which cannot wait for an answer, knows which picks
   * drag out at once (renderer/src/features/dnd/ready-copies.ts). Read from the index only: a code it does not
   * hold is not answered ready.
   */
  'drag.cached': defineChannel<{ ready: string[] }>()(z.strictObject({ accountId, fileCodes: codes })),
  /** Starts the OS drag of copies `prepare` answered; any other path is refused. */
  'drag.start': defineChannel<null>()(
    z.strictObject({
      paths: z
        .array(absolutePath)
        .min(1, 'Give at least one path')
        .max(MAX_DRAG_FILES, `At most ${MAX_DRAG_FILES} files per drag`),
    }),
  ),
}
