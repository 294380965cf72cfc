import type { Validators } from './byte-range.ts'
import { contentTypeOf } from './mime.ts'
import type { FileRec } from './model.ts'

/**
 * The headers a download carries about its file. A file code's content never changes (a clone is a new code), so
 * the validators come from the record's upload time and size, the way nginx derives them from a file's mtime and
 * size: `"<seconds hex>-<size hex>"` and the upload time as an HTTP date. Both are journaled, so they are the same
 * after a restart and a client's If-Range from before it still matches.
 */
export function validatorsOf(rec: FileRec): Validators {
  const seconds = Math.floor(rec.uploaded / 1000)
  return {
    etag: `"${seconds.toString(16)}-${rec.size.toString(16)}"`,
    lastModified: new Date(seconds * 1000).toUTCString(),
  }
}

/** RFC 5987 attr-char allows these unescaped; encodeURIComponent leaves `'()*` too, which would end the value. */
const encodeExtValue = (s: string): string =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * RFC 6266: `filename` for clients that read only it, ASCII with anything else (and `"`, `\`, `%`, which some
 * clients decode or choke on) as `_`; `filename*` (RFC 5987) with the exact UTF-8 name, which clients prefer.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`
}

/** Headers shared by every answer that describes the file (200, 206, HEAD). */
export function fileHeaders(rec: FileRec, v: Validators): Record<string, string> {
  return {
    'Content-Type': contentTypeOf(rec.name),
    'Content-Disposition': contentDisposition(rec.name),
    ETag: v.etag,
    'Last-Modified': v.lastModified,
  }
}
