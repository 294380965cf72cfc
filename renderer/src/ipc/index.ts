import { createSocketClient, type SocketLike } from '../../../shared/ipc/socket-client.ts'
import { socketUrl, takeTokenFromLocation } from '../../../shared/ipc/socket-url.ts'
import type { FiledockBridge } from '../../../shared/ipc/types.ts'
import { setConnectionStatus } from './connection.ts'

/**
 * The renderer's one door to main: `filedock.folders.list({...})`, `filedock.onEvent(...)`. In Electron it is the
 * preload's `window.filedock`; in a browser it is the same API over the browser host's WebSocket. Every call
 * resolves to a Result (never rejects), so components branch on `ok` and `error.kind`.
 */
declare global {
  interface Window {
    /** Set by the Electron preload; absent in a browser. */
    readonly filedock?: FiledockBridge
  }
}

function connect(): FiledockBridge {
  if (window.filedock !== undefined) return window.filedock
  setConnectionStatus('connecting')
  return createSocketClient({
    url: socketUrl(window.location, takeTokenFromLocation(window.location, window.history)),
    connect: (url) => new WebSocket(url) as unknown as SocketLike,
    onStatus: setConnectionStatus,
  })
}

export const filedock: FiledockBridge = connect()

export type { AccountsSnapshot, AccountView, KeychainStatus } from '../../../shared/accounts.ts'
export type { AppInfo } from '../../../shared/ipc/contract.ts'
export type { AppEvent } from '../../../shared/ipc/events.ts'
export type { FiledockApi, FiledockBridge, InputOf, OutputOf } from '../../../shared/ipc/types.ts'
export { type ConnectionStatus, connectionStatus, onConnectionStatus } from './connection.ts'
