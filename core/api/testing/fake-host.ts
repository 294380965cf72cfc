import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** What a fake host saw of one request. */
export interface SeenRequest {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  body: Buffer
}

export type FakeHandler = (
  req: SeenRequest,
  res: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>

export interface FakeHost {
  baseUrl: string
  requests: SeenRequest[]
  close(): Promise<void>
}

/**
 * A tiny real HTTP server on 127.0.0.1, port 0, for tolerance tests: each test scripts the exact bytes a
 * misbehaving host sends. Bodies are buffered (tests send small ones); sockets are tracked so close() never hangs
 * on a deliberately stalled connection.
 */
export async function startFakeHost(handler: FakeHandler): Promise<FakeHost> {
  const requests: SeenRequest[] = []
  const sockets = new Set<Socket>()
  const server = createServer(async (raw, res) => {
    const chunks: Buffer[] = []
    for await (const c of raw) chunks.push(c as Buffer)
    const seen: SeenRequest = {
      method: raw.method ?? '',
      url: new URL(raw.url ?? '/', 'http://fake'),
      headers: raw.headers,
      body: Buffer.concat(chunks),
    }
    requests.push(seen)
    try {
      await handler(seen, res, raw)
    } catch {
      raw.socket.destroy()
    }
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Sends `body` as JSON (objects) or verbatim (strings) with the given HTTP status and headers. */
export function reply(
  res: ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

export const SERVER_TIME = '2024-05-01 12:00:00'

export function ok(result?: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 200,
    msg: 'OK',
    server_time: SERVER_TIME,
    ...(result !== undefined ? { result } : {}),
    ...extra,
  }
}
