/** The path the browser host serves the contract on (socket-protocol.ts has its frames). */
export const SOCKET_PATH = '/ipc'

/** The parts of the browser's `window` these functions read (structural, so shared/ needs no DOM types). */
export interface PageLocation {
  readonly href: string
  readonly protocol: string
  readonly host: string
}

export interface PageHistory {
  readonly state: unknown
  replaceState(state: unknown, unused: string, url: string): void
}

/**
 * The browser host's token arrives once, in the page URL (`?token=…`). It is taken out of the address bar at
 * once, so history, bookmarks and screenshots never keep it; the host has already set an HttpOnly cookie that
 * carries it from then on, so a reload works without it.
 */
export function takeTokenFromLocation(location: PageLocation, history: PageHistory): string | null {
  const url = new URL(location.href)
  const token = url.searchParams.get('token')
  if (token === null) return null
  url.searchParams.delete('token')
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
  return token
}

/** ws(s)://<this host>/ipc, with the token when we have one (otherwise the cookie authenticates). */
export function socketUrl(location: Pick<PageLocation, 'protocol' | 'host'>, token: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`
  return `${scheme}//${location.host}${SOCKET_PATH}${query}`
}
