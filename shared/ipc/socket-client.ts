import { Emitter } from '../events/emitter.ts'
import { fail, type Result } from '../result.ts'
import { buildApi } from './build-api.ts'
import type { ChannelName } from './channels.ts'
import type { AppEvent } from './events.ts'
import { connectionFailure, notPlainData } from './socket-failures.ts'
import type { FiledockBridge } from './types.ts'

/** The part of the browser's WebSocket the client uses (the `ws` package's client has it too, for tests). */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: never) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: never) => void) | null
  onerror: ((event: never) => void) | null
}

export interface SocketClientOptions {
  url: string
  connect: (url: string) => SocketLike
  /** Reconnect delays grow from `initialDelayMs` to `maxDelayMs` (with jitter) while the host is away. */
  initialDelayMs?: number
  maxDelayMs?: number
  /** How long a call made while disconnected waits for the connection before failing with kind `network`. */
  queueTimeoutMs?: number
  /** Connection state changes, e.g. to show "reconnecting…". */
  onStatus?: (status: SocketStatus) => void
}

export type SocketStatus = 'connecting' | 'open' | 'closed'

export type SocketClient = FiledockBridge & {
  /** Stops reconnecting and fails every pending call. */
  close(): void
}

const OPEN = 1

interface Pending {
  resolve: (result: Result<unknown>) => void
  timer?: ReturnType<typeof setTimeout>
}

/**
 * The renderer's bridge over the browser host's WebSocket. Calls sent before a drop that have not been answered
 * fail with kind `network` (the host may or may not have run them; the renderer decides whether to retry).
 * Calls made while disconnected wait for the next connection, up to `queueTimeoutMs`.
 */
export function createSocketClient(options: SocketClientOptions): SocketClient {
  const initialDelay = options.initialDelayMs ?? 250
  const maxDelay = options.maxDelayMs ?? 10_000
  const queueTimeout = options.queueTimeoutMs ?? 15_000
  // The renderer's console is its log: a failing listener is reported there and the others still run.
  const listeners = new Emitter<AppEvent>((error) => console.error('Filedock event listener failed', error))
  const inFlight = new Map<number, Pending>()
  const queued = new Map<number, Pending & { frame: string }>()
  let socket: SocketLike | null = null
  let nextId = 1
  let attempt = 0
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  const open = () => {
    options.onStatus?.('connecting')
    let s: SocketLike
    try {
      s = options.connect(options.url)
    } catch {
      scheduleReconnect()
      return
    }
    socket = s
    s.onopen = () => {
      attempt = 0
      options.onStatus?.('open')
      for (const [id, call] of queued) {
        queued.delete(id)
        clearTimeout(call.timer)
        send(id, call.frame, call)
      }
    }
    s.onmessage = (event) => receive(event.data)
    s.onerror = () => undefined // onclose follows and does the work
    s.onclose = () => {
      if (socket !== s) return
      socket = null
      failInFlight('lost')
      if (closed) return
      options.onStatus?.('closed')
      scheduleReconnect()
    }
  }

  const scheduleReconnect = () => {
    if (closed) return
    const base = Math.min(maxDelay, initialDelay * 2 ** attempt)
    attempt += 1
    const delay = base / 2 + Math.random() * (base / 2)
    reconnectTimer = setTimeout(open, delay)
  }

  const failInFlight = (why: 'lost' | 'closed') => {
    for (const [id, call] of inFlight) {
      inFlight.delete(id)
      call.resolve(fail(connectionFailure(why)))
    }
  }

  const send = (id: number, frame: string, call: Pending) => {
    const s = socket
    if (s === null || s.readyState !== OPEN) return enqueue(id, frame, call)
    inFlight.set(id, { resolve: call.resolve })
    try {
      s.send(frame)
    } catch {
      inFlight.delete(id)
      call.resolve(fail(connectionFailure('notSent')))
    }
  }

  const enqueue = (id: number, frame: string, call: Pending) => {
    const timer = setTimeout(() => {
      queued.delete(id)
      call.resolve(fail(connectionFailure('unreachable')))
    }, queueTimeout)
    queued.set(id, { resolve: call.resolve, timer, frame })
  }

  const receive = (data: unknown) => {
    if (typeof data !== 'string') return
    let frame: unknown
    try {
      frame = JSON.parse(data)
    } catch {
      return // the host only sends JSON; anything else is not ours to interpret
    }
    if (typeof frame !== 'object' || frame === null) return
    const rec = frame as Record<string, unknown>
    if (typeof rec.id === 'number' && isResult(rec.result)) {
      const call = inFlight.get(rec.id)
      inFlight.delete(rec.id)
      call?.resolve(rec.result)
      return
    }
    // An event is passed on as the Electron preload passes main's events on: main makes them in its own typed
    // code, and parsing is main's side of the contract (what the untrusted window sends), which keeps zod out of
    // the window. Only the frame's shape is checked, so a listener never gets something that is not an event.
    if (isEvent(rec.event)) listeners.emit(rec.event)
  }

  const invoke = (channel: ChannelName, input: unknown): Promise<Result<unknown>> => {
    if (closed) return Promise.resolve(fail(connectionFailure('closed')))
    const id = nextId++
    let frame: string
    try {
      frame = JSON.stringify({ id, channel, input })
    } catch {
      return Promise.resolve(fail(notPlainData(channel)))
    }
    return new Promise((resolve) => send(id, frame, { resolve }))
  }

  open()

  return {
    ...buildApi(invoke),
    onEvent(listener) {
      return listeners.on(listener)
    },
    close() {
      if (closed) return
      closed = true
      clearTimeout(reconnectTimer)
      for (const [id, call] of queued) {
        queued.delete(id)
        clearTimeout(call.timer)
        call.resolve(fail(connectionFailure('closed')))
      }
      failInFlight('closed')
      socket?.close(1000, 'client closed')
      socket = null
      options.onStatus?.('closed')
    },
  }
}

function isEvent(value: unknown): value is AppEvent {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false
  const rec = value as Record<string, unknown>
  if (rec.ok === true) return true
  if (rec.ok !== false || typeof rec.error !== 'object' || rec.error === null) return false
  const error = rec.error as Record<string, unknown>
  return typeof error.kind === 'string' && typeof error.message === 'string'
}
