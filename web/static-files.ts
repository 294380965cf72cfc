import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { sendText, setSecurityHeaders } from './headers.ts'

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** A served file's Content-Type, by its extension (both hosts serve the same files). */
export function contentTypeOf(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * Maps a request path to a file inside `root`, or null. Only `/` falls back to index.html: an unknown path is
 * a 404, not the app, so a typo or a probe never gets a page that looks like success.
 */
export function resolveStaticPath(root: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '')
  if (relative.split('/').some((segment) => segment === '..' || segment.startsWith('.'))) return null
  const base = resolve(root)
  const full = resolve(join(base, relative))
  return full.startsWith(base + sep) ? full : null
}

export interface StaticRequest {
  root: string
  pathname: string
  /** HEAD: headers only. */
  head: boolean
  /** The host's port, for the CSP's WebSocket sources. */
  port: number
}

export async function serveStatic(
  res: ServerResponse,
  { root, pathname, head, port }: StaticRequest,
): Promise<void> {
  const file = resolveStaticPath(root, pathname)
  const info = file === null ? null : await stat(file).catch(() => null)
  if (file === null || info === null || !info.isFile()) {
    if (pathname === '/') {
      return sendText(
        res,
        port,
        503,
        'The renderer is not built. Run `npm run build:renderer` (npm run web does it).',
      )
    }
    return sendText(res, port, 404, 'Not found')
  }
  setSecurityHeaders(res, port)
  res.statusCode = 200
  res.setHeader('Content-Type', contentTypeOf(file))
  res.setHeader('Content-Length', info.size)
  // index.html names the hashed assets, so it must never be stale; the assets themselves are immutable.
  res.setHeader(
    'Cache-Control',
    file.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable',
  )
  if (head) {
    res.end()
    return
  }
  const stream = createReadStream(file)
  stream.on('error', () => res.destroy())
  stream.pipe(res)
}
