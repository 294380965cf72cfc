/**
 * The Range and If-Range rules of the sandbox's file server: nginx's for static files (ngx_http_range_filter,
 * ngx_http_range_parse), configured with `max_ranges 1`, since a download client asks for one range at a time and
 * file hosts often allow no more. What follows from that, and is tested:
 * - No Range, or a unit other than `bytes` (case-insensitive): the whole file, 200.
 * - One range: 206 with `Content-Range: bytes start-end/size`. `start-` runs to the end; an end past the end is
 *   cut to it; `-n` is the last n bytes, all of them when n exceeds the size.
 * - More than one satisfiable range: the whole file, 200 (nginx over max_ranges answers as if no Range came).
 * - A `bytes=` header that does not parse (`bytes=abc`, `bytes=5-3`, `bytes=-0`, a start at or past the end):
 *   416 with `Content-Range: bytes *\/size`. nginx rejects rather than ignores, which RFC 9110 allows.
 * - An empty file with a range that starts at 0 (`bytes=0-`, `bytes=-5`): 200 with the empty body, as nginx.
 */

export type ByteRange = { start: number; end: number }

/** The range to serve (end inclusive), null for the whole file (200), or 'unsatisfiable' (416). */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined || header.length < 7 || header.slice(0, 6).toLowerCase() !== 'bytes=') return null
  const text = header.slice(6)
  let p = 0
  const skipSpaces = () => {
    while (text[p] === ' ') p++
  }
  const digits = (): number | undefined => {
    const from = p
    while (/[0-9]/.test(text[p] ?? '')) p++
    const value = Number(text.slice(from, p))
    return p === from || !Number.isSafeInteger(value) ? undefined : value
  }
  const ranges: ByteRange[] = []
  for (;;) {
    skipSpaces()
    let start = 0
    let end: number // exclusive, as nginx counts
    if (text[p] !== '-') {
      const first = digits()
      if (first === undefined) return 'unsatisfiable'
      start = first
      skipSpaces()
      if (text[p++] !== '-') return 'unsatisfiable'
      skipSpaces()
      if (p >= text.length || text[p] === ',') {
        end = size
      } else {
        const last = digits()
        if (last === undefined) return 'unsatisfiable'
        end = Math.min(last + 1, size)
      }
    } else {
      p++
      const suffix = digits()
      if (suffix === undefined) return 'unsatisfiable'
      start = suffix < size ? size - suffix : 0
      end = size
    }
    skipSpaces()
    if (p < text.length && text[p] !== ',') return 'unsatisfiable'
    if (start < end) {
      ranges.push({ start, end: end - 1 })
      if (ranges.length > 1) return null
    } else if (start === 0) {
      return null
    }
    if (text[p++] !== ',') break
  }
  return ranges[0] ?? 'unsatisfiable'
}

/** What identifies a file's content: If-Range is compared with these. */
export interface Validators {
  etag: string
  lastModified: string
}

/**
 * Whether a Range may be honoured under If-Range (RFC 9110 13.1.5, as nginx does it): absent, or exactly the
 * current ETag (a value ending in `"`; a weak one never matches), or exactly the Last-Modified date. Anything
 * else means the client holds bytes of another version: it gets the whole file, 200.
 */
export function ifRangeAllows(ifRange: string | undefined, v: Validators): boolean {
  if (ifRange === undefined) return true
  const value = ifRange.trim()
  if (value.endsWith('"')) return value === v.etag
  const date = Date.parse(value)
  return !Number.isNaN(date) && date === Date.parse(v.lastModified)
}
