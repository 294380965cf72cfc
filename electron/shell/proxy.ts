import type { Session } from 'electron'
import type { Dispatcher } from 'undici'
import { proxyAgent } from '../../core/net/dispatchers.ts'
import { parseProxyUrl } from '../../core/net/proxy-url.ts'

export type ProxyChoice = { kind: 'direct' } | { kind: 'proxy'; url: string }

/**
 * Chromium's answer to resolveProxy, e.g. "PROXY proxy.corp:3128; DIRECT", as an ordered list of choices we can
 * use. HTTP(S) proxies and SOCKS5 are supported by undici; SOCKS4 ("SOCKS"), QUIC and unknown entries are
 * skipped, so the next entry applies. An empty or unusable answer means a direct connection.
 */
export function parsePacResult(pac: string): ProxyChoice[] {
  const choices: ProxyChoice[] = []
  for (const entry of pac.split(';')) {
    const [type = '', hostPort = '', ...rest] = entry.trim().split(/\s+/)
    if (rest.length > 0) continue
    const kind = type.toUpperCase()
    if (kind === 'DIRECT' && hostPort === '') {
      choices.push({ kind: 'direct' })
      continue
    }
    const scheme =
      kind === 'PROXY' ? 'http' : kind === 'HTTPS' ? 'https' : kind === 'SOCKS5' ? 'socks5' : null
    if (scheme === null || !/^[A-Za-z0-9.\-_[\]:]+:\d{1,5}$/.test(hostPort)) continue
    try {
      const url = new URL(`${scheme}://${hostPort}`)
      // `origin` is "null" for socks5: (not a special scheme), so the URL is rebuilt from its parsed host.
      if (url.username === '' && url.hostname !== '')
        choices.push({ kind: 'proxy', url: `${scheme}://${url.host}` })
    } catch {
      // not a host:port after all: skip it like any other unusable entry
    }
  }
  return choices.length === 0 ? [{ kind: 'direct' }] : choices
}

export type ProxyResolver = (baseUrl: string) => Promise<Dispatcher | undefined>

/**
 * The core's HTTP routing in Electron: the system proxy (settings, PAC, WPAD) as Chromium resolves it for each
 * account's base URL. One agent per proxy, shared by every account that goes through it. Only the first usable
 * choice is taken: falling back per request (PAC "; DIRECT") is left to the next resolution.
 */
export function createProxyResolver(
  session: Pick<Session, 'resolveProxy'>,
  makeAgent: (url: string) => Dispatcher = defaultAgent,
): ProxyResolver & { close(): Promise<void> } {
  const agents = new Map<string, Dispatcher>()
  const resolver = async (baseUrl: string): Promise<Dispatcher | undefined> => {
    const [choice] = parsePacResult(await session.resolveProxy(baseUrl).catch(() => 'DIRECT'))
    if (choice === undefined || choice.kind === 'direct') return undefined
    let agent = agents.get(choice.url)
    if (agent === undefined) {
      agent = makeAgent(choice.url)
      agents.set(choice.url, agent)
    }
    return agent
  }
  return Object.assign(resolver, {
    async close() {
      const all = [...agents.values()]
      agents.clear()
      await Promise.all(all.map((a) => a.close().catch(() => undefined)))
    },
  })
}

/** The agents are built where every dispatcher of the app is (core/net/dispatchers.ts). */
function defaultAgent(url: string): Dispatcher {
  return proxyAgent(parseProxyUrl(url))
}
