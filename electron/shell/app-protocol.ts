import { readFile, stat } from 'node:fs/promises'
import type { CustomScheme, Protocol } from 'electron'
import { pageSecurityHeaders } from '../../shared/page-headers.ts'
import { contentTypeOf, resolveStaticPath } from '../../web/static-files.ts'

/**
 * The renderer is served to the window from filedock://app/, not opened as a file: Chromium applies response
 * headers only to served pages (webRequest's header events never fire for file://), so only this way does the
 * window get the same policy as the browser host's pages (shared/page-headers.ts: CSP, and COOP + COEP, which
 * make it cross-origin isolated). It is also one origin of its own, which permission checks can name
 * (security.ts) and from which thumbnails load without CORS (renderer TileImage.tsx).
 */
export const APP_SCHEME = 'filedock'
export const APP_ORIGIN = `${APP_SCHEME}://app`
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`

/**
 * Registered before `ready` (protocol.registerSchemesAsPrivileged): standard (an origin, relative URLs resolve
 * as on the web), secure (a secure context: the clipboard API, crypto.subtle), fetch for the page's own module
 * scripts, and V8's code cache.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
}

/** One request to filedock://app/…: a file of the built renderer with the pages' headers, or a 404. */
export async function serveRenderer(
  request: Pick<Request, 'url' | 'method'>,
  root: string,
): Promise<Response> {
  const url = new URL(request.url)
  const headers = pageSecurityHeaders()
  const notFound = (status: number, text: string) =>
    new Response(`${text}\n`, {
      status,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    })
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== 'app') return notFound(404, 'Not found')
  if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(405, 'Method not allowed')
  const file = resolveStaticPath(root, url.pathname)
  const info = file === null ? null : await stat(file).catch(() => null)
  if (file === null || info === null || !info.isFile()) {
    return url.pathname === '/' || url.pathname === '/index.html'
      ? notFound(503, 'The renderer is not built. Run `npm run build:renderer`.')
      : notFound(404, 'Not found')
  }
  return new Response(request.method === 'HEAD' ? null : await readFile(file), {
    status: 200,
    headers: {
      ...headers,
      'Content-Type': contentTypeOf(file),
      // index.html names the hashed assets, so it must never be stale; the assets themselves are immutable.
      'Cache-Control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable',
    },
  })
}

/** Serves `root` (dist/renderer) at filedock://app/ in the default session. After `ready`. */
export function installAppProtocol(protocol: Pick<Protocol, 'handle'>, root: string): void {
  protocol.handle(APP_SCHEME, (request) => serveRenderer(request, root))
}
