import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Ctx } from '../context.ts'
import { record } from '../context.ts'

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
