import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type RawData, type WebSocket, WebSocketServer } from 'ws'
import type { Dispatcher } from '../core/ipc/dispatcher.ts'
import type { EventBus } from '../core/ipc/event-bus.ts'
import type { FiledockErrorData } from '../shared/errors.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import {
  callFrameSchema,
  callIdSchema,
  type HostFrame,
  MAX_FRAME_BYTES,
} from '../shared/ipc/socket-protocol.ts'
import { SOCKET_PATH } from '../shared/ipc/socket-url.ts'
import { fail } from '../shared/result.ts'
import { admit, type HttpAuth } from './http-handler.ts'

/** A renderer has no reason to have more calls in flight; beyond this a client is misbehaving. */
export const MAX_IN_FLIGHT = 64

export interface SocketHost {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  close(): void
}

/**
 * The contract over WebSocket. The upgrade is refused (plain HTTP status, no frames) without the token, from a
 * foreign Origin or Host; an accepted socket gets answers to its calls and every AppEvent.
 */
export function createSocketHost(options: {
  auth: HttpAuth
  dispatcher: Dispatcher
  events: EventBus<AppEvent>
  log: (line: string) => void
}): SocketHost {
  const { auth, dispatcher, events, log } = options
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false })

  // Every socket gets the same frame of an event: encoded once, not once per window (the bus hands each
  // subscriber the same object in turn; a 100,000-file download is told in 100 events of 1,000 items).
  let lastEvent: AppEvent | null = null
  let lastEventText = ''
  const eventText = (event: AppEvent): string => {
    if (event !== lastEvent) {
      lastEventText = encode({ event })
      lastEvent = event
    }
    return lastEventText
  }

  wss.on('connection', (ws: WebSocket) => {
    let inFlight = 0
    const send = (frame: HostFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(encode(frame))
    }
    const sendError = (message: string) => send({ error: { kind: 'invalid_input', message } })

    const unsubscribe = events.subscribe((event) => {
      if (ws.readyState === ws.OPEN) ws.send(eventText(event))
    })
    ws.on('close', unsubscribe)
    // Without a listener, a protocol error (e.g. a frame over maxPayload) would be thrown and end the process.
    ws.on('error', (error) => log(`Filedock web: socket closed after an error: ${error.message}`))

    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return sendError('Binary frames are not accepted; send JSON text.')
      let frame: unknown
      try {
        frame = JSON.parse(rawText(data))
      } catch {
        return sendError('The frame is not JSON.')
      }
      const parsed = callFrameSchema.safeParse(frame)
      if (!parsed.success) {
        const id = callIdSchema.safeParse((frame as { id?: unknown } | null)?.id)
        const message = 'A call frame is {"id": <integer>, "channel": <string>, "input": <value>}.'
        if (id.success) return send({ id: id.data, result: fail({ kind: 'invalid_input', message }) })
        return sendError(message)
      }
      const { id, channel, input } = parsed.data
      if (inFlight >= MAX_IN_FLIGHT) {
        const message = `Too many calls at once (more than ${MAX_IN_FLIGHT}); wait for answers first.`
        return send({ id, result: fail({ kind: 'rate_limited', message }) })
      }
      inFlight += 1
      void dispatcher.dispatch(channel, input).then((result) => {
        inFlight -= 1
        send({ id, result })
      })
    })
  })

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (url.pathname !== SOCKET_PATH) return refuse(socket, 404, 'Not Found')
      const admission = admit(req, url, auth, true)
      if (!admission.ok)
        return refuse(socket, admission.status, admission.status === 401 ? 'Unauthorized' : 'Forbidden')
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
    },
    close() {
      for (const client of wss.clients) client.terminate()
      wss.close()
    },
  }
}

/** A frame as text; one that cannot be encoded is answered with an internal error in its place. */
function encode(frame: HostFrame): string {
  try {
    return JSON.stringify(frame)
  } catch {
    const id = 'id' in frame ? frame.id : undefined
    const error: FiledockErrorData = { kind: 'internal', message: 'The answer could not be encoded.' }
    return JSON.stringify(id === undefined ? { error } : { id, result: fail(error) })
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8')
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data).toString('utf8')
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.on('error', () => undefined)
  socket.once('finish', () => socket.destroy())
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}
