import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { contentStream } from '../blobs.ts'
import type { Ctx } from '../context.ts'
import { contentTypeOf } from '../mime.ts'
import type { FileRec } from '../model.ts'

/**
 * Thumbnails. The spec shows `thumbnail` as "null or value", null in its example, and not its format. The sandbox
 * gives a URL on itself (`{base}/thumb/<code>`) for uploaded images, so clients can be tested against one, and
 * null for everything else. It does not resize: the thumbnail is the image itself, so images over
 * THUMBNAIL_MAX_BYTES get none (a grid of them would fetch megabytes per tile). Seeded files have generated
 * bytes, not images, so they get none either.
 */
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024

/** The image types a browser shows in an <img>: the only files that get a thumbnail. */
const imageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])

const imageTypeOf = (name: string): string | undefined => {
  const type = contentTypeOf(name)
  return imageTypes.has(type) ? type : undefined
}

/** The `thumbnail` field of a file's list record. */
export function thumbnailOf(ctx: Ctx, rec: FileRec): string | null {
  const hasOne = rec.blob !== null && rec.size <= THUMBNAIL_MAX_BYTES && imageTypeOf(rec.name) !== undefined
  return hasOne ? `${ctx.baseUrl}/thumb/${rec.code}` : null
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
  res.end('No thumbnail\n')
}

/**
 * GET/HEAD `{base}/thumb/<code>`. Like a static image server: no key (an <img> carries none), and readable by
 * pages on any origin (CORS `*`, never with credentials), since clients load thumbnails without cookies.
 */
export async function serveThumbnail(ctx: Ctx, req: IncomingMessage, res: ServerResponse, code: string) {
  const rec = ctx.store.aliveFile(code)
  const type = rec ? imageTypeOf(rec.name) : undefined
  if (!rec || thumbnailOf(ctx, rec) === null || type === undefined) return notFound(res)
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': rec.size,
    'Cache-Control': 'private, max-age=300',
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
  })
  if (req.method === 'HEAD' || rec.size === 0) res.end()
  else await pipeline(contentStream(ctx, rec, 0, rec.size - 1), res)
}
