import type { Dispatcher } from 'undici'

/**
 * How API calls reach a host: a fixed undici Dispatcher, or one chosen per base URL (Electron resolves the
 * system proxy per URL, PAC scripts included). Absent: undici's default, a direct connection.
 */
export type HttpDispatcherSource = Dispatcher | ((baseUrl: string) => Promise<Dispatcher | undefined>)

export async function dispatcherFor(
  source: HttpDispatcherSource | undefined,
  baseUrl: string,
): Promise<Dispatcher | undefined> {
  if (source === undefined) return undefined
  return typeof source === 'function' ? source(baseUrl) : source
}
