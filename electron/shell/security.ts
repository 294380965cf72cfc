import type { Session, Shell, WebContents } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../../shared/ipc/content-security-policy.ts'
import { toSafeExternalUrl } from './trusted-url.ts'

/**
 * The security baseline of every window, in one place with its own tests: a CSP on every response, no
 * permission ever granted, no navigation away from the app, and new windows replaced by the OS browser for
 * safe http(s) links only.
 */

export type SessionLike = {
  webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>
} & Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>

export function installContentSecurityPolicy(session: SessionLike): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders }
    // Drop any CSP a server sent (whatever its casing) so ours is the only one in force.
    for (const name of Object.keys(headers))
      if (name.toLowerCase() === 'content-security-policy') delete headers[name]
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY]
    callback({ responseHeaders: headers })
  })
}

/** Filedock needs no camera, notifications, geolocation, clipboard-read, …: every request and check says no. */
export function denyAllPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
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
