import { contextBridge, type IpcRenderer, ipcRenderer } from 'electron'
import { buildApi } from '../shared/ipc/build-api.ts'
import { EVENT_CHANNEL } from '../shared/ipc/channels.ts'
import type { AppEvent, AppEventListener } from '../shared/ipc/events.ts'
import type { FiledockBridge } from '../shared/ipc/types.ts'
import { fail, type Result } from '../shared/result.ts'

/**
 * The renderer's whole view of main: one function per contract channel (generated from the channel list, so
 * there is no generic `invoke(channel)`), and `onEvent`. Listeners receive the AppEvent only, never Electron's
 * IpcRendererEvent (which would hand the page `sender` and friends). Bundled to dist/electron/preload.cjs:
 * sandboxed preloads cannot require our files, and this one needs no zod (main parses every input).
 */
export function createBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): FiledockBridge {
  const api = buildApi(async (channel, input) => {
    try {
      return (await ipc.invoke(channel, input)) as Result<unknown>
    } catch {
      // Only when main has no handler (still starting, or shutting down): the handlers themselves never throw.
      return fail({ kind: 'internal', message: `Filedock's main process did not answer ${channel}.` })
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
  }
}

contextBridge.exposeInMainWorld('filedock', createBridge(ipcRenderer))
