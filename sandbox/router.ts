import type { IncomingMessage, ServerResponse } from 'node:http'
import { isFileCode } from './codes.ts'
import type { Ctx } from './context.ts'
import { ApiError, markStringStatus, sendError } from './envelope.ts'
import { applyFaults } from './faults.ts'
import { refusedByLimits } from './host-limits.ts'
import { log } from './log.ts'
import { refuseDisallowed } from './routes/disallow.ts'
import { serveDirect } from './routes/downloads.ts'
import { filePage } from './routes/file-page.ts'
import { filesCheck } from './routes/files-check.ts'
import { apiGets, sandboxGets } from './routes/table.ts'
import { serveThumbnail } from './routes/thumbnails.ts'
import { uploadForm, uploadPath } from './routes/upload.ts'

/**
 * Routes one request. The API faults (latency, drops, 429, 5xx, HTML, truncation) apply to /api/* and the upload
 * server only; direct-link downloads have their own (download-faults.ts, rolled in serveDirect); /sandbox/*, file
 * pages and thumbnails have none. Every failure becomes the error envelope. The variants' rate and lock-out
 * (host-limits.ts) apply to GET /api/* calls, by their `key`, before the faults, as a host's front end counts.
 */
export async function route(ctx: Ctx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let key: string | null = null
  try {
    const url = new URL(req.url ?? '/', 'http://sandbox')
    const p = url.pathname
    if (p.startsWith('/sandbox/')) {
      const handler = sandboxGets[p]
      if (!handler) throw new ApiError(404, 'Unknown sandbox route', 404)
      requireGet(req)
      return await handler(ctx, req, res, url.searchParams)
    }
    if (p.startsWith('/api/') || p === uploadPath) {
      if (ctx.variant.stringStatus) markStringStatus(res)
      key = url.searchParams.get('key')
      if (key !== null && refusedByLimits(ctx, key, req, res)) return
      if (await applyFaults(ctx.faults, ctx.faultDice, req, res)) return
      if (p === uploadPath) return await uploadForm(ctx, req, res)
      refuseDisallowed(ctx, p)
      if (p === '/api/files/check') return await filesCheck(ctx, req, res)
      const handler = apiGets[p]
      if (!handler) throw new ApiError(404, 'Unknown API operation', 404)
      requireGet(req)
      await handler(ctx, req, res, url.searchParams)
      if (key !== null) ctx.limits.outcome(ctx.variant, key, false, Date.now())
      return
    }
    const segments = p.split('/')
    if (segments[1] === 'd' && segments.length >= 3 && readOnly(req)) {
      return await serveDirect(ctx, req, res, segments[2] ?? '')
    }
    if (segments[1] === 'thumb' && segments.length === 3 && readOnly(req)) {
      return await serveThumbnail(ctx, req, res, segments[2] ?? '')
    }
    if (readOnly(req))
      return filePage(ctx, req, res, isFileCode(segments[1] ?? '') ? (segments[1] ?? '') : '')
    throw new ApiError(405, 'Method not allowed', 405)
  } catch (err) {
    if (key !== null) ctx.limits.outcome(ctx.variant, key, true, Date.now())
    fail(req, res, err)
  }
}

const readOnly = (req: IncomingMessage): boolean => req.method === 'GET' || req.method === 'HEAD'

function requireGet(req: IncomingMessage): void {
  if (req.method !== 'GET') throw new ApiError(405, 'Method not allowed: use GET', 405)
}

function fail(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (res.headersSent || res.destroyed) {
    res.destroy()
    return
  }
  let apiErr: ApiError
  if (err instanceof ApiError) {
    apiErr = err
  } else {
    if (!req.destroyed) log.error('internal error', err)
    apiErr = new ApiError(500, 'Internal server error', 500)
  }
  // The body was not read (early refusal): drain it, keeping the connection open, so the client finishes
  // sending and reads this answer. With `Connection: close` Node would drop the socket mid-body and the client
  // would see EPIPE instead of the host's words.
  if (!req.complete) req.resume()
  sendError(res, apiErr)
}
