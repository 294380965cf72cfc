/**
 * The renderer's Content-Security-Policy, the same in both hosts (Electron sets it as a response header, the
 * browser host sends it with every page). Scripts only from our own bundle; styles may be inline (React style
 * props); images may be remote thumbnails over https; connections only back to where the app came from.
 */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    ["connect-src 'self'", ...extraConnectSources].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ')
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()
