import { bypassesProxy } from './no-proxy.ts'
import { type ProxyTarget, parseProxyUrl } from './proxy-url.ts'

/** Where a request goes: through a proxy, or direct (null). */
export type ProxyRoute = (target: URL) => ProxyTarget | null

/** Reads one variable, lower case first as curl does, then upper case. */
function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name.toLowerCase()] ?? env[name.toUpperCase()]
  return value === undefined || value.trim() === '' ? undefined : value
}

/**
 * The proxy environment as curl follows it: `https_proxy` for https URLs, `http_proxy` for http, `all_proxy` for
 * either when its own is unset, `no_proxy` for the hosts that go direct; each in lower or upper case (lower wins).
 * Decision: `HTTP_PROXY` in upper case is honoured too, which curl skips only because a CGI script's environment
 * carries a request's `Proxy:` header under that name (httpoxy); the CLI and the browser host are not CGI
 * scripts, and people set it. Undefined when no proxy variable is set (the caller then connects direct, as
 * before). A variable that does not parse throws the proxy's own message at once rather than at the first call.
 */
export function envProxyRoute(env: NodeJS.ProcessEnv): ProxyRoute | undefined {
  const parse = (name: string) => {
    const raw = read(env, name)
    return raw === undefined ? undefined : parseProxyUrl(raw)
  }
  const https = parse('https_proxy')
  const http = parse('http_proxy')
  const all = parse('all_proxy')
  if (https === undefined && http === undefined && all === undefined) return undefined
  const noProxy = read(env, 'no_proxy')
  return (target) => {
    if (bypassesProxy(noProxy, target.hostname)) return null
    const own = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined
    return own ?? all ?? null
  }
}

/** Every request through one proxy (an account's own setting): no exceptions, that is what the user chose. */
export function fixedProxyRoute(proxyUrl: string): ProxyRoute {
  const target = parseProxyUrl(proxyUrl)
  return () => target
}

/** Every request direct (an account set to "no proxy", whatever the system says). */
export const directRoute: ProxyRoute = () => null
