/**
 * Where file thumbnails may come from. The spec does not show a thumbnail's format; a host that gives one gives
 * a URL on its own servers. Any https URL is allowed. Plain http only on this machine (a local or sandbox host
 * such as the offline account): those bytes never cross a network, while a plain-http image from elsewhere could
 * be read or replaced on the way, so it is refused and the file shows its kind badge instead. The renderer's
 * index.html repeats this list in its meta policy (web/page-policy.test.ts keeps the two the same).
 */
const IMAGE_SOURCES = ['https:', 'http://127.0.0.1:*', 'http://localhost:*'] as const
// CSP has no syntax for IPv6 literals, so [::1] cannot be allowed: a host there shows badges.
const LOOPBACK = new Set(['127.0.0.1', 'localhost'])

/**
 * The renderer's Content-Security-Policy, the same in both hosts (Electron sets it as a response header, the
 * browser host sends it with every page). Scripts only from our own bundle; styles may be inline (React style
 * props); images may be remote thumbnails (see IMAGE_SOURCES); connections only back to where the app came from.
 */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...IMAGE_SOURCES].join(' '),
    ["connect-src 'self'", ...extraConnectSources].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ')
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()

/**
 * The thumbnail URL to show for a file, or null when there is none or the policy above would block it (so the
 * page asks for nothing it may not load). URLs with a user name or password in them are refused too: a thumbnail
 * is loaded without credentials of any kind.
 */
export function thumbnailUrl(thumbnail: string | null): string | null {
  if (thumbnail === null || thumbnail.length > 2048) return null
  let url: URL
  try {
    url = new URL(thumbnail)
  } catch {
    return null
  }
  if (url.username !== '' || url.password !== '') return null
  if (url.protocol === 'https:') return url.href
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url.href
  return null
}
