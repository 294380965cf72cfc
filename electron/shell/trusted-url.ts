/**
 * Pure URL decisions of the shell, kept free of Electron so they are tested with hostile input.
 * Every decision parses with the WHATWG parser (the same one Chromium uses) and acts on the parsed, normalised
 * href — never on the raw string — so what we check is exactly what gets opened or loaded.
 */

const MAX_EXTERNAL_URL = 8192

/**
 * The URL to hand to the OS browser, or null. Only http(s), with a host and without user:password (which can
 * disguise the real host, as in `https://good.example@evil.example`). Unicode hosts come back as punycode, so
 * a look-alike domain is opened as the unambiguous name the browser will show.
 */
export function toSafeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_EXTERNAL_URL) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null
  return url.href
}

/**
 * Where the renderer legitimately lives: its index page, served at filedock://app/index.html (app-protocol.ts).
 * There is no development-server mode: a page from a dev server could not run under the same policy (its
 * inline preamble needs a weaker script-src), and tests never run with weaker settings than users.
 */
export interface AppLocation {
  indexUrl: string
}

/** Is `raw` our renderer's page? Same scheme, host and path as the index (any query or fragment). */
export function isAppUrl(raw: unknown, app: AppLocation): boolean {
  if (typeof raw !== 'string' || raw === '') return false
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  const index = new URL(app.indexUrl)
  return url.protocol === index.protocol && url.host === index.host && url.pathname === index.pathname
}

/** The part of Electron's WebFrameMain the sender check reads. */
export interface FrameLike {
  readonly url: string
  readonly parent: unknown
}

/** IPC is answered only for our renderer's top frame: never an iframe, never a page navigated elsewhere. */
export function isTrustedSenderFrame(frame: FrameLike | null | undefined, app: AppLocation): boolean {
  return frame != null && frame.parent === null && isAppUrl(frame.url, app)
}
