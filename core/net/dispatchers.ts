import { isIP, type Socket } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { Agent, type Dispatcher, ProxyAgent, Socks5ProxyAgent } from 'undici'
import type { ProxyRoute } from './env-proxy.ts'
import type { ProxyTarget } from './proxy-url.ts'

/**
 * The one place that builds undici dispatchers: the direct pool of an API client, an agent per proxy (HTTP(S)
 * CONNECT tunnels through undici's ProxyAgent, SOCKS5 through undici's own SOCKS5 client), and the routed
 * dispatcher that sends each request the way a ProxyRoute says (env-proxy.ts). Electron's system-proxy resolver
 * builds its agents here too.
 */

/** Keep-alive pool settings of every agent here. */
const POOL = { keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 8 }

export function directAgent(): Agent {
  return new Agent(POOL)
}

/** An agent that reaches every origin through `target`. */
export function proxyAgent(target: ProxyTarget): Dispatcher {
  if (target.kind === 'http' || target.kind === 'https')
    return new ProxyAgent({ ...POOL, uri: target.url.href })
  return socksAgent(target)
}

/**
 * SOCKS5, as curl means the two schemes: `socks5h` hands the proxy the host's name, `socks5` resolves it here and
 * hands the proxy an address. undici's Socks5ProxyAgent always hands over the name, so the tunnel is built with
 * its handshake (createSocks5Connection, a public method its typings leave out; the CLI's bundle test runs it, so
 * an undici that moves it fails there) inside an agent whose connect decides what to hand over, and TLS is
 * started here on the tunnel for https origins.
 */
function socksAgent(target: ProxyTarget): Dispatcher {
  const url = new URL(target.url.href)
  url.protocol = 'socks5:'
  const socks = quietly(() => new Socks5ProxyAgent(url)) as unknown as SocksTunnels
  return new Agent({
    ...POOL,
    connect: (o, callback) => {
      tunnel(socks, target.kind === 'socks5h', o).then(
        (socket) => callback(null, socket),
        (error: Error) => callback(error, null),
      )
    },
  })
}

interface SocksTunnels {
  createSocks5Connection(host: string, port: number): Promise<Socket>
}

async function tunnel(
  socks: SocksTunnels,
  remoteNames: boolean,
  o: { hostname: string; port: string; protocol: string; servername?: string },
): Promise<Socket | TLSSocket> {
  const https = o.protocol === 'https:'
  const port = Number(o.port) || (https ? 443 : 80)
  const name = o.hostname.replace(/^\[|\]$/g, '')
  // node:dns and node:tls are loaded here, for SOCKS tunnels only: every CLI command builds this module's agents,
  // and a run without a SOCKS proxy needs neither (the CLI's memory at start, bench `download`).
  const host =
    remoteNames || isIP(name) !== 0 ? name : (await (await import('node:dns/promises')).lookup(name)).address
  const socket = await socks.createSocks5Connection(host, port)
  if (!https) return socket
  const { connect: tlsConnect } = await import('node:tls')
  const secure = tlsConnect({ socket, servername: o.servername ?? name, ALPNProtocols: ['http/1.1'] })
  await new Promise<void>((resolve, reject) => {
    secure.once('secureConnect', () => resolve())
    secure.once('error', reject)
  })
  return secure
}

/**
 * undici warns once per process that its SOCKS5 support is experimental; the CLI's stderr is for the user's
 * messages, so that one warning is kept out of it (only while the agent is built, synchronously).
 */
function quietly<T>(build: () => T): T {
  const emit = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (/SOCKS5 proxy support is experimental/.test(String(warning))) return
    ;(emit as (...a: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return build()
  } finally {
    process.emitWarning = emit
  }
}

/** A dispatcher that routes each request as `route` says, and can name the proxy of a URL for messages. */
export interface RoutedDispatcher {
  dispatcher: Dispatcher
  /** The proxy `url` goes through, as `scheme://host:port` (never credentials), or undefined when direct. */
  proxyFor(url: URL): string | undefined
  close(): Promise<void>
}

export function routedDispatcher(route: ProxyRoute): RoutedDispatcher {
  const direct = directAgent()
  const agents = new Map<string, Dispatcher>()
  const agentOf = (target: ProxyTarget) => {
    let agent = agents.get(target.url.href)
    if (agent === undefined) {
      agent = proxyAgent(target)
      agents.set(target.url.href, agent)
    }
    return agent
  }
  const dispatcher = direct.compose((dispatch) => (opts, handler) => {
    const target = route(new URL(String(opts.origin)))
    return target === null ? dispatch(opts, handler) : agentOf(target).dispatch(opts, handler)
  })
  return {
    dispatcher,
    proxyFor: (url) => route(url)?.label,
    async close() {
      const all = [direct, ...agents.values()]
      agents.clear()
      await Promise.all(all.map((a) => a.close().catch(() => undefined)))
    },
  }
}
