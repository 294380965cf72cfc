import type { ServerResponse } from 'node:http'
import { contentSecurityPolicy } from '../shared/ipc/content-security-policy.ts'
import { allowedHosts } from './origin.ts'

/**
 * Sent with every answer, pages and errors alike. The CSP is Electron's, with this host's own WebSocket origins
 * spelled out: 'self' covers same-origin ws: in current browsers, but older ones did not count ws: as 'self'.
 */
export function setSecurityHeaders(res: ServerResponse, port: number): void {
  const sockets = allowedHosts(port).map((host) => `ws://${host}`)
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(sockets))
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  // With COOP above, this makes the page cross-origin isolated: no other site's data shares its process, and its
  // clock runs at 5 µs instead of 100 µs (frame times are measurable against a 16.7 ms deadline).
  // "credentialless", not "require-corp": the host's thumbnails are CORS requests without credentials already, and
  // must not need a Cross-Origin-Resource-Policy header that real hosts do not send.
  res.setHeader('Cross-Origin-Embedder-Policy', 'credentialless')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
}

export function sendText(res: ServerResponse, port: number, status: number, text: string): void {
  setSecurityHeaders(res, port)
  res.statusCode = status
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(`${text}\n`)
}
