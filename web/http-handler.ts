import type { IncomingMessage, ServerResponse } from 'node:http'
import { STAGE_PREFIX } from '../shared/ipc/staging.ts'
import { sendText } from './headers.ts'
import { isAllowedHost, isAllowedOrigin } from './origin.ts'
import type { StagingArea } from './staging-area.ts'
import { handleStage } from './staging-route.ts'
import { serveStatic } from './static-files.ts'
import { cookieName, readCookie, tokenCookie, tokenMatches } from './token.ts'

export interface HttpAuth {
  token: string
  /** Read at request time: the port is known only once the server listens. */
  port: () => number
}

export type Admission = { ok: true; setCookie: boolean } | { ok: false; status: 401 | 403; reason: string }

/**
 * Who may talk to the host: the right Host (no DNS rebinding), no foreign Origin, and the token — from the
 * query on first load (then remembered in an HttpOnly cookie) or from that cookie.
 */
export function admit(req: IncomingMessage, url: URL, auth: HttpAuth, originRequired: boolean): Admission {
  const port = auth.port()
  if (!isAllowedHost(req.headers.host, port)) return { ok: false, status: 403, reason: 'Host not allowed' }
  const origin = req.headers.origin
  if ((origin !== undefined || originRequired) && !isAllowedOrigin(origin, port)) {
    return { ok: false, status: 403, reason: 'Origin not allowed' }
  }
  if (tokenMatches(auth.token, url.searchParams.get('token'))) return { ok: true, setCookie: true }
  if (tokenMatches(auth.token, readCookie(req.headers.cookie, cookieName(port))))
    return { ok: true, setCookie: false }
  return { ok: false, status: 401, reason: 'Missing or wrong token: open the URL printed by `npm run web`' }
}

/**
 * Pages and assets by GET/HEAD; with a staging area, dropped files by `PUT /stage/…` (staging-route.ts), which
 * must also carry our Origin (browsers send it on every PUT): a write needs more than a cookie.
 */
export function createHttpHandler(auth: HttpAuth, rendererDir: string, staging?: StagingArea) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const staged = staging !== undefined && (req.url ?? '').startsWith(STAGE_PREFIX)
    const admission = admit(req, url, auth, staged)
    if (!admission.ok) {
      // A refused upload's body is not read: close the connection rather than drain gigabytes.
      if (staged) res.setHeader('Connection', 'close')
      sendText(res, auth.port(), admission.status, admission.reason)
      if (staged) res.on('finish', () => req.destroy())
      return
    }
    if (staging !== undefined && staged) {
      handleStage(req, res, staging, auth.port()).catch(() => {
        if (!res.headersSent) sendText(res, auth.port(), 500, 'Could not stage the file')
        else res.destroy()
      })
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      sendText(res, auth.port(), 405, 'Method not allowed')
      return
    }
    if (admission.setCookie) res.setHeader('Set-Cookie', tokenCookie(auth.port(), auth.token))
    const request = {
      root: rendererDir,
      pathname: url.pathname,
      head: req.method === 'HEAD',
      port: auth.port(),
    }
    serveStatic(res, request).catch(() => {
      if (!res.headersSent) sendText(res, auth.port(), 500, 'Could not read the file')
      else res.destroy()
    })
  }
}
