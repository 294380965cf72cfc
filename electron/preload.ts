import { contextBridge, type IpcRenderer, ipcRenderer, type WebUtils, webUtils } from 'electron'
import { buildApi } from '../shared/ipc/build-api.ts'
import { EVENT_CHANNEL } from '../shared/ipc/channels.ts'
import type { AppEvent, AppEventListener } from '../shared/ipc/events.ts'
import { noAnswer } from '../shared/ipc/no-answer.ts'
import type { FiledockBridge } from '../shared/ipc/types.ts'
import { fail, type Result } from '../shared/result.ts'

/**
 * The renderer's whole view of main: one function per contract channel (generated from the channel list, so
 * there is no generic `invoke(channel)`), `onEvent`, and `pathsForFiles` for drops. Listeners receive the
 * AppEvent only, never Electron's IpcRendererEvent (which would hand the page `sender` and friends). Bundled to
 * dist/electron/preload.cjs: sandboxed preloads cannot require our files, and this one needs no zod (main parses
 * every input).
 */
export function createBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
  utils: Pick<WebUtils, 'getPathForFile'> | undefined,
): FiledockBridge {
  const api = buildApi(async (channel, input) => {
    try {
      return (await ipc.invoke(channel, input)) as Result<unknown>
    } catch {
      // Only when main has no handler (still starting, or shutting down): the handlers themselves never throw.
      return fail(noAnswer(channel))
    }
  })
  return {
    ...api,
    onEvent(listener: AppEventListener) {
      const handler = (_event: unknown, appEvent: AppEvent) => listener(appEvent)
      ipc.on(EVENT_CHANNEL, handler)
      return () => {
        ipc.removeListener(EVENT_CHANNEL, handler)
      }
    },
    ...(utils ? { pathsForFiles: pathsFor(utils) } : {}),
  }
}

/**
 * Since Electron 32 File.path is gone; webUtils (Electron ≥ 29) is the way to a dropped file's path. It reveals
 * only paths the user handed the page (a drop, a file input); a File the page made itself has none (''). Without
 * webUtils the capability is simply absent, and the renderer falls back to what the browser host does.
 */
function pathsFor(utils: Pick<WebUtils, 'getPathForFile'>) {
  return (files: readonly File[]): string[] =>
    Array.from(files, (file) => {
      try {
        return utils.getPathForFile(file)
      } catch {
        return ''
      }
    })
}

contextBridge.exposeInMainWorld('filedock', createBridge(ipcRenderer, webUtils))
