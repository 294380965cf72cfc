import type { Dispatcher } from 'undici'
import type { ApiClientOptions } from '../api/transport.ts'
import { directRoute, fixedProxyRoute, type ProxyRoute } from '../net/env-proxy.ts'

/**
 * How API calls reach a host: a fixed undici Dispatcher, or one chosen per base URL (Electron resolves the
 * system proxy per URL, PAC scripts included). Absent: undici's default, a direct connection.
 */
export type HttpDispatcherSource = Dispatcher | ((baseUrl: string) => Promise<Dispatcher | undefined>)

/** The system's proxy: Electron's resolver (a dispatcher source), or the environment's route (browser host). */
export interface SystemProxy {
  dispatcher?: HttpDispatcherSource | undefined
  route?: ProxyRoute | undefined
}

/**
 * The client options that send an account's calls the way its proxy setting says (core/accounts/account-proxy.ts):
 * its own proxy or none override the system's. Dispatchers themselves are built in core/net/dispatchers.ts.
 */
export async function connectionFor(
  setting: { mode: 'system' } | { mode: 'none' } | { mode: 'url'; url: string },
  system: SystemProxy,
  baseUrl: string,
): Promise<Pick<ApiClientOptions, 'dispatcher' | 'proxy'>> {
  if (setting.mode === 'none') return { proxy: directRoute }
  if (setting.mode === 'url') return { proxy: fixedProxyRoute(setting.url) }
  const dispatcher = await dispatcherFor(system.dispatcher, baseUrl)
  if (dispatcher !== undefined) return { dispatcher }
  return system.route === undefined ? {} : { proxy: system.route }
}

export async function dispatcherFor(
  source: HttpDispatcherSource | undefined,
  baseUrl: string,
): Promise<Dispatcher | undefined> {
  if (source === undefined) return undefined
  return typeof source === 'function' ? source(baseUrl) : source
}
