import { defineMessages } from '@formatjs/intl'
import type { App, NativeImage, nativeImage as NativeImages, WebContents } from 'electron'
import type { StartDrag } from '../../core/app/handlers/drag-out-handlers.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { NO_DRAG_OUT } from '../../shared/ipc/drag-out-contract.ts'
import { WINDOW_ICON_DATA_URL } from './tray-icon.ts'

export interface DragOutShell {
  /** The window whose page asked: the drag starts from its pointer. */
  contents(): Pick<WebContents, 'startDrag' | 'isDestroyed'> | null | undefined
  nativeImage: Pick<typeof NativeImages, 'createFromDataURL'>
  /** The OS's icon for a file's type (app.getFileIcon). */
  getFileIcon: App['getFileIcon']
}

/**
 * drag.start for the core: the OS's own drag of the copies the core fetched (webContents.startDrag), which
 * a file manager or the desktop copies from like any file dragged from a folder. The page called it while the
 * mouse button was still down (startDrag needs a drag in progress). The icon under the pointer: one file shows
 * its type's icon, several the app's; an empty image is never given (macOS refuses a drag without an icon).
 */
export function createDragOut(s: DragOutShell): StartDrag {
  return async (paths) => {
    const first = paths[0]
    const contents = s.contents()
    if (first === undefined || !contents || contents.isDestroyed())
      throw translatedError({ kind: 'internal', operation: NO_DRAG_OUT }, TEXT.noWindow)
    const icon = (paths.length === 1 ? await typeIcon(s, first) : null) ?? appIcon(s)
    contents.startDrag({ file: first, files: [...paths], icon })
  }
}

async function typeIcon(s: DragOutShell, path: string): Promise<NativeImage | null> {
  const icon = await s.getFileIcon(path, { size: 'normal' }).catch(() => null)
  return icon === null || icon.isEmpty() ? null : icon
}

function appIcon(s: DragOutShell): NativeImage {
  return s.nativeImage.createFromDataURL(WINDOW_ICON_DATA_URL)
}

const TEXT = defineMessages({
  noWindow: {
    id: 'errors.dragOut.noWindow',
    defaultMessage: 'The drag could not start: the window that began it is closed.',
  },
})
