import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentStream } from '../blobs.ts'
import { ifRangeAllows, parseRange } from '../byte-range.ts'
import type { Ctx } from '../context.ts'
import { record } from '../context.ts'
import { rollCut, rollIgnoreRange, rollRefusal } from '../download-faults.ts'
import { fileHeaders, validatorsOf } from '../file-headers.ts'
import { sendBody } from '../send-body.ts'
import { readLink } from './direct-link.ts'

const statusText: Record<number, string> = {
  403: 'This download link has expired',
  404: 'File not found',
  410: 'This download link has expired',
  416: 'Range not satisfiable',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service temporarily unavailable',
}

/** A request header as one string (Node gives an array for a few repeated ones). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** A file server's own error page: plain text, not the API's JSON envelope. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
) {
  const text = `${statusText[status] ?? 'Error'}\n`
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  })
  res.end(req.method === 'HEAD' ? undefined : text)
}

/**
 * GET/HEAD of a direct link, served as nginx serves a static file (byte-range.ts has the Range rules) and
 * misbehaving as the download faults say (download-faults.ts). A bad signature or a deleted file is 404; an
 * expired link answers `expiredLinkStatus` (403 unless set to 410); the check is made when a request arrives, so a
 * body already going is not cut by expiry. Every request with a genuine link is noted in `ctx.served`. A download
 * is counted (file downloads, account stats) when a GET from byte 0 starts, so resuming or splitting a download
 * does not count it twice.
 */
export async function serveDirect(ctx: Ctx, req: IncomingMessage, res: ServerResponse, token: string) {
  const f = ctx.faults
  const refusal = rollRefusal(f, ctx.faultDice)
  const link = readLink(ctx, token)
  const rec = link && ctx.store.files.get(link.code)
  // Requests with a genuine link are noted, even when refused: tests count what was asked of the host.
  const served =
    rec &&
    ctx.served.add(rec.code, rec.acct, {
      method: req.method === 'HEAD' ? 'HEAD' : 'GET',
      range: header(req, 'range') ?? null,
      ifRange: header(req, 'if-range') ?? null,
      status: 0,
      start: null,
      end: null,
      at: Date.now(),
    })
  const fail = (status: number, headers: Record<string, string> = {}) => {
    if (served) {
      served.status = status
      served.outcome = 'complete'
    }
    refuse(req, res, status, headers)
  }
  if (refusal === 429) return fail(429, { 'Retry-After': String(Math.round(f.retryAfterSec)) })
  if (refusal !== null) return fail(refusal)
  if (!link || !rec || !served || rec.deleted !== null) return fail(404)
  if (link.expired) return fail(f.expiredLinkStatus)

  const validators = validatorsOf(rec)
  const ignoreRange = rollIgnoreRange(f, ctx.faultDice)
  const honoured = !ignoreRange && ifRangeAllows(header(req, 'if-range'), validators)
  const range = honoured ? parseRange(header(req, 'range'), rec.size) : null
  if (range === 'unsatisfiable') return fail(416, { 'Content-Range': `bytes */${rec.size}` })
  const start = range?.start ?? 0
  const end = range?.end ?? rec.size - 1
  const length = end - start + 1
  served.status = range ? 206 : 200
  if (length > 0) {
    served.start = start
    served.end = end
  }
  res.writeHead(served.status, {
    ...fileHeaders(rec, validators),
    ...(ignoreRange ? {} : { 'Accept-Ranges': 'bytes' }),
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${rec.size}` } : {}),
    'Content-Length': length,
  })
  if (req.method === 'GET' && start === 0) record(ctx, { t: 'dl', code: rec.code, at: Date.now() })
  if (req.method === 'HEAD' || length === 0) {
    res.end()
    served.outcome = 'complete'
    return
  }
  await sendBody(
    res,
    {
      length,
      open: (bytes) => contentStream(ctx, rec, start, start + bytes - 1),
      cut: rollCut(f, ctx.faultDice, length),
      bytesPerSec: f.downloadBytesPerSec,
    },
    served,
  )
}
