import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { contentStream } from '../blobs.ts'
import type { Ctx } from '../context.ts'
import { record } from '../context.ts'
import { notFound, sendOk } from '../envelope.ts'
import type { FileRec } from '../model.ts'
import type { Params } from '../params.ts'
import { accountFor, requiredParam } from '../params.ts'

/** How long a direct link works. Real hosts expire them after hours; a client must not store them. */
export const directLinkTtlMs = 6 * 3600_000

function sign(ctx: Ctx, code: string, exp: string): string {
  return createHmac('sha256', ctx.store.secret).update(`${code}.${exp}`).digest('base64url').slice(0, 22)
}

/**
 * Op 7. The URL is `{base}/d/<code>.<expiry>.<signature>/<name>`: signed with the sandbox's secret, so it needs
 * no storage and still works after a restart until it expires.
 */
export function directLink(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const rec = ctx.store.fileOf(acct, requiredParam(q, 'file_code'))
  if (!rec) throw notFound('File not found')
  const exp = (Date.now() + directLinkTtlMs).toString(36)
  const token = `${rec.code}.${exp}.${sign(ctx, rec.code, exp)}`
  sendOk(res, {
    result: { url: `${ctx.baseUrl}/d/${token}/${encodeURIComponent(rec.name)}`, size: rec.size },
  })
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  })
  res.end(text)
}

function linkTarget(ctx: Ctx, token: string): FileRec | 'expired' | undefined {
  const [code = '', exp = '', sig = ''] = token.split('.')
  const want = Buffer.from(sign(ctx, code, exp))
  const got = Buffer.from(sig)
  if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined
  if (Number.parseInt(exp, 36) < Date.now()) return 'expired'
  return ctx.store.aliveFile(code)
}

type Range = { start: number; end: number } | 'unsatisfiable' | null

/** One `bytes=` range; several ranges or a malformed header are ignored (the whole file is sent, RFC 9110). */
export function parseRange(header: string | undefined, size: number): Range {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * GET/HEAD of a direct link: the file with Content-Length, Content-Disposition and single-range support (206,
 * 416). A download is counted (file downloads, account stats) when a GET from byte 0 starts, so resuming or
 * splitting a download does not count it twice.
 */
export async function serveDirect(ctx: Ctx, req: IncomingMessage, res: ServerResponse, token: string) {
  const rec = linkTarget(ctx, token)
  if (rec === 'expired') return plain(res, 410, 'This download link has expired\n')
  if (!rec) return plain(res, 404, 'File not found\n')
  const range = parseRange(req.headers.range, rec.size)
  res.setHeader('Accept-Ranges', 'bytes')
  res.setHeader('Content-Type', 'application/octet-stream')
  res.setHeader('Content-Disposition', contentDisposition(rec.name))
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${rec.size}`)
    return plain(res, 416, 'Range not satisfiable\n')
  }
  const start = range?.start ?? 0
  const end = range?.end ?? rec.size - 1
  res.statusCode = range ? 206 : 200
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${rec.size}`)
  res.setHeader('Content-Length', end - start + 1)
  if (req.method === 'GET' && start === 0) record(ctx, { t: 'dl', code: rec.code, at: Date.now() })
  if (req.method === 'HEAD' || rec.size === 0) {
    res.end()
  } else {
    await pipeline(contentStream(ctx, rec, start, end), res)
  }
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The public page `{base}/<code>` (and `{base}/<code>/<name>.html`, name ignored): counts a view. */
export function filePage(ctx: Ctx, req: IncomingMessage, res: ServerResponse, code: string): void {
  const rec = ctx.store.aliveFile(code)
  const html = rec
    ? `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(rec.name)}</title></head><body>` +
      `<h1 class="name">${escapeHtml(rec.name)}</h1><p class="size" data-bytes="${rec.size}">${rec.size} bytes</p>` +
      '</body></html>\n'
    : '<!doctype html><html><head><title>File not found</title></head><body><h1>File Not Found</h1></body></html>\n'
  res.writeHead(rec ? 200 : 404, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
  })
  res.end(req.method === 'HEAD' ? undefined : html)
  if (rec && req.method === 'GET') record(ctx, { t: 'view', code: rec.code, at: Date.now() })
}
