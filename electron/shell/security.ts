import type { Session, Shell, WebContents } from 'electron'
import { APP_ORIGIN } from './app-protocol.ts'
import { toSafeExternalUrl } from './trusted-url.ts'

/**
 * The security baseline of every window, in one place with its own tests: no cookie in or out of the window's
 * requests, no permission granted but writing to the clipboard from our own page, no navigation away from the
 * app, and new windows replaced by the OS browser for safe http(s) links only. The page's own policy (CSP,
 * COOP, COEP) comes with it from the filedock:// protocol (app-protocol.ts).
 */

export type SessionLike = {
  webRequest: Pick<Session['webRequest'], 'onBeforeSendHeaders' | 'onHeadersReceived'>
} & Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>

/**
 * The window's only requests to the network are thumbnails from the accounts' hosts (API calls go through main):
 * they carry no cookie (a host could otherwise recognise the app across accounts), and cookies they set are
 * dropped, so the session's jar stays empty.
 */
export function keepCookiesOut(session: SessionLike): void {
  session.webRequest.onBeforeSendHeaders((details, callback) => {
    callback({ requestHeaders: without(details.requestHeaders, 'cookie') })
  })
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: without(details.responseHeaders ?? {}, 'set-cookie') })
  })
}

function without<T>(headers: Record<string, T>, name: string): Record<string, T> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name))
}

/**
 * The one permission Filedock's page uses: writing text to the clipboard (`navigator.clipboard.writeText`, for
 * Copy link), granted to our own top frame only. Everything else (camera, notifications, geolocation, reading
 * the clipboard, …) is refused, in every request and every check.
 */
const WRITE_CLIPBOARD = 'clipboard-sanitized-write'

export function allowOnlyClipboardWrite(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(
      permission === WRITE_CLIPBOARD && details.isMainFrame && originOf(details.requestingUrl) === APP_ORIGIN,
    )
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    return (
      permission === WRITE_CLIPBOARD &&
      details.isMainFrame &&
      originOf(requestingOrigin) === APP_ORIGIN &&
      details.embeddingOrigin === undefined
    )
  })
}

function originOf(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null
  try {
    const url = new URL(raw)
    return `${url.protocol}//${url.host}`
  } catch {
    return null
  }
}

export type ContentsLike = Pick<WebContents, 'on' | 'setWindowOpenHandler'>
export type OpenExternal = Shell['openExternal']

export function hardenWebContents(contents: ContentsLike, openExternal: OpenExternal): void {
  // The app is a single page: any navigation is a link or script trying to replace it. Reloads are not
  // navigations in this sense and still work.
  contents.on('will-navigate', (event) => event.preventDefault())
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    const safe = toSafeExternalUrl(url)
    if (safe !== null) void openExternal(safe).catch(() => undefined)
    return { action: 'deny' }
  })
}
