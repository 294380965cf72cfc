import { filedock } from '../ipc/index.ts'

/** The one bridge of this window (Electron preload or browser-host WebSocket); features import `api` from here. */
export const api = filedock
