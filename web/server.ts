import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDispatcher } from '../core/ipc/dispatcher.ts'
import type { EventBus } from '../core/ipc/event-bus.ts'
import { logLine } from '../core/logging/log.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import type { Handlers } from '../shared/ipc/types.ts'
import { createHttpHandler } from './http-handler.ts'
import { createSocketHost } from './socket-host.ts'
import type { StagingArea } from './staging-area.ts'
import { createToken } from './token.ts'

export interface WebHostOptions {
  /** `staging`: where dropped files are received (PUT /stage/…); without it the route does not exist. */
  core: { handlers: Handlers; events: EventBus<AppEvent>; staging?: StagingArea }
  /** The built renderer (dist/renderer). */
  rendererDir: string
  /** 0 picks a free port. */
  port?: number
  log?: (line: string) => void
  /** For tests; a fresh random token otherwise. */
  token?: string
}

export interface WebHost {
  /** The URL to open, token included: http://127.0.0.1:PORT/?token=… */
  url: string
  port: number
  token: string
  close(): Promise<void>
}

/** The browser host: static renderer + the contract over WebSocket, on 127.0.0.1 only. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const log = options.log ?? logLine
  const token = options.token ?? createToken()
  let port = 0
  const auth = { token, port: () => port }
  const dispatcher = createDispatcher(options.core.handlers, { log })
  const sockets = createSocketHost({ auth, dispatcher, events: options.core.events, log })
  const server = createServer(createHttpHandler(auth, options.rendererDir, options.core.staging))
  server.on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head))
  server.on('clientError', (_error, socket) => socket.destroy())

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host: '127.0.0.1', port: options.port ?? 0 }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
