import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { createServer as createSocksServer } from '@pondwader/socks5-server'
import { createProxy } from 'proxy'

/**
 * Proxies on loopback for the proxy tests, from well-kept libraries (not written here): an HTTP proxy that
 * tunnels CONNECT (`proxy`, TooTallNate's) and a SOCKS5 server (`@pondwader/socks5-server`), each optionally
 * wanting a user name and password. Each notes the `host:port` of every tunnel it was asked for, so a test sees
 * that traffic went through it.
 */
export interface LoopbackProxy {
  /** e.g. `http://127.0.0.1:4123` or `socks5://127.0.0.1:4124`, without credentials. */
  url: string
  port: number
  /** `host:port` of each tunnel asked for, in order. */
  tunnels: string[]
  close(): Promise<void>
}

export interface ProxyAuth {
  username: string
  password: string
}

export async function startHttpProxy(auth?: ProxyAuth): Promise<LoopbackProxy> {
  const server = createProxy(http.createServer())
  const tunnels: string[] = []
  server.prependListener('connect', (req: http.IncomingMessage) => tunnels.push(String(req.url)))
  if (auth !== undefined) {
    const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`
    server.authenticate = (req) => req.headers['proxy-authorization'] === expected
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export async function startSocksProxy(auth?: ProxyAuth): Promise<LoopbackProxy> {
  const port = await freePort()
  const server = createSocksServer(auth === undefined ? {} : { auth })
  const tunnels: string[] = []
  server.setRulesetValidator((conn) => {
    tunnels.push(`${conn.destAddress}:${conn.destPort}`)
    return true
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  return {
    url: `socks5://127.0.0.1:${port}`,
    port,
    tunnels,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on (the SOCKS server's own socket is not exposed, so its port is chosen first). */
export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
