import { Emitter } from '../../../shared/events/emitter.ts'
import type { SocketStatus } from '../../../shared/ipc/socket-client.ts'

/**
 * Whether the renderer can reach main. Always 'open' in Electron (IPC does not drop); in the browser it follows
 * the WebSocket, so the UI can say "reconnecting…" and refetch once it is back (events may have been missed).
 */
export type ConnectionStatus = SocketStatus

type Listener = (status: ConnectionStatus) => void

let current: ConnectionStatus = 'open'
const listeners = new Emitter<ConnectionStatus>((error) =>
  console.error('Filedock connection listener failed', error),
)

export function connectionStatus(): ConnectionStatus {
  return current
}

export function onConnectionStatus(listener: Listener): () => void {
  return listeners.on(listener)
}

export function setConnectionStatus(status: ConnectionStatus): void {
  if (status === current) return
  current = status
  listeners.emit(status)
}
