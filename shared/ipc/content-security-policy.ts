/**
 * Where the page may load a file's bytes from: thumbnails, and Quick Look's full pictures, video and audio from
 * direct links (a file server of the account's host, wherever it is). The spec does not show a thumbnail's
 * format; a host that gives one gives a URL on its own servers. Any https URL is allowed. Plain http only on this
 * machine (a local or sandbox host such as the offline account): those bytes never cross a network, while a
 * plain-http file from elsewhere could be read or replaced on the way (and Electron's page, on a secure scheme,
 * would have it upgraded or blocked as mixed content), so it is refused: the file shows its kind badge, and Quick
 * Look says why it cannot show it. The renderer's index.html repeats these lists in its meta policy
 * (web/page-policy.test.ts keeps the two the same).
 */
const FILE_SOURCES = ['https:', 'http://127.0.0.1:*', 'http://localhost:*'] as const
// CSP has no syntax for IPv6 literals, so [::1] cannot be allowed: a host there shows badges.
const LOOPBACK = new Set(['127.0.0.1', 'localhost'])

/**
 * The renderer's Content-Security-Policy, the same in both hosts (Electron sets it as a response header, the
 * browser host sends it with every page). Scripts only from our own bundle; styles may be inline (React style
 * props); images, video and audio may be a file's (see FILE_SOURCES); frames only the page's own blob: URLs (Quick
 * Look's PDF, read through main into memory, shown by the browser's PDF viewer); connections only back to where
 * the app came from.
 */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...FILE_SOURCES].join(' '),
    ["media-src 'self'", ...FILE_SOURCES].join(' '),
    'frame-src blob:',
    ["connect-src 'self'", ...extraConnectSources].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ')
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()

/**
 * A file's URL (a thumbnail, a direct link) as the page may load it, or null when there is none or the policy
 * above would block it (so the page asks for nothing it may not load). URLs with a user name or password in them
 * are refused too: a file's bytes are loaded without credentials of any kind. 8 KiB leaves room for a direct
 * link that ends in a long name percent-encoded (255 characters of UTF-8 are up to 2,295).
 */
export function loadableFileUrl(value: string | null): string | null {
  if (value === null || value.length > 8192) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.username !== '' || url.password !== '') return null
  if (url.protocol === 'https:') return url.href
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url.href
  return null
}
