import { contentSecurityPolicy } from './ipc/content-security-policy.ts'

/**
 * The headers of every page either host serves (the browser host over HTTP, Electron through its filedock://
 * protocol): one builder, so the two windows run under the same rules. `connectSources` adds the browser host's
 * own WebSocket origins to connect-src ('self' covers same-origin ws: in current browsers, but older ones did
 * not count ws: as 'self'); Electron's window talks to main over IPC and connects nowhere.
 */
export function pageSecurityHeaders(connectSources: readonly string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(connectSources),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // With COOP above, this makes the page cross-origin isolated: no other site's data shares its process, and
    // its clock runs at 5 µs instead of 100 µs (frame times are measurable against a 16.7 ms deadline).
    // "credentialless", not "require-corp": thumbnails from hosts are fetched without credentials already, and
    // must not need a Cross-Origin-Resource-Policy header that real hosts do not send.
    'Cross-Origin-Embedder-Policy': 'credentialless',
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
}
