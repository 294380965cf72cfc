import type { IncomingHttpHeaders } from 'node:http'
import { defineMessages } from '@formatjs/intl'
import { type Dispatcher, request } from 'undici'
import { type ErrorValues, FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import { describeFileLink } from '../logging/redact.ts'
import { RequestGuard } from './http.ts'
import { RequestTrace } from './request-trace.ts'
import { parseRetryAfter } from './retry.ts'

/**
 * Ranged GETs against file servers (direct links): THE transport of downloads, and later of verify and previews.
 * Same undici dispatcher as the API client that handed out the link (its connection pool and proxy), but none of
 * the API's envelope logic: a file server answers bytes, and says what went wrong with its HTTP status only.
 *
 * Every answer is checked strictly, because a byte in the wrong place is a corrupt file the user trusts:
 * - 206 must carry `Content-Range: bytes <start>-<end>/<total>` starting exactly where asked (and a matching
 *   Content-Length), else it is refused as malformed;
 * - 200 to a ranged request means the host ignored Range (or If-Range found the file changed): `start` is 0, and
 *   the caller restarts from the beginning and says so;
 * - 416 is an answer, not an error: the caller compares what it has with `total`;
 * - 403, 404 and 410 are LinkGone (an expired or revoked link: ask file/direct_link again);
 * - 429 and 5xx are the errors the queue's classify already retries (rate_limited with retryAfterMs, server with
 *   its status);
 * - a body that ends before its Content-Length, or a reset, is BodyCut (network), saying how many bytes arrived.
 *   What undici's body still held unread then (up to its 64 KiB highWaterMark) goes with the error, so the resume
 *   may ask for those bytes again: a bounded cost per cut, kept over a transport of our own (dispatch with a queue
 *   that keeps them was tried; a download stalled once in a stressed CI run and it went back unexplained).
 * A link's path is a secret (`/d/<signed token>/<name>`): messages show describeFileLink's origin and name only.
 */

export const DOWNLOAD_OPERATION = 'file/download'

/** Redirects followed (to a CDN edge, say), each checked like the first answer. */
const MAX_REDIRECTS = 5

export interface FileServerContext {
  dispatcher: Dispatcher
  userAgent: string
  /** Masked in any message that quotes a library's error (the account's key, should it ever appear). */
  apiKey: string
  /** No byte for this long (headers included) fails the request as a timeout. */
  idleTimeoutMs: number
  /** The proxy a URL goes through, so that a failure of the proxy's names it (proxy-failure.ts). */
  proxyFor?: ((url: URL) => string | undefined) | undefined
}

export interface RangeRequest {
  /** The first byte wanted; 0 with no `end` is a plain GET (no Range header). */
  start: number
  /** The last byte wanted, inclusive; absent: to the end of the file. */
  end?: number
  /** An ETag or Last-Modified from an earlier answer: the range is only sent if the file is still that one. */
  ifRange?: string | null | undefined
  signal?: AbortSignal | undefined
}

/** An answer with bytes: 206 (the range asked for) or 200 (the whole file, from 0). */
export interface BytesAnswer {
  status: 206 | 200
  /** Where the body starts in the file: the start asked for (206), or 0 (200). */
  start: number
  /** Body bytes announced (Content-Length, or the range's length), null when the host did not say (chunked). */
  length: number | null
  /** The file's whole size, as the answer states it; null when it does not (`/*`, or a 200 without length). */
  total: number | null
  /** A strong ETag (weak ones never match If-Range), else Last-Modified; what to send as If-Range next time. */
  validator: string | null
  body: RangeBody
}

/** 416: the range starts at or past the end; `total` from `Content-Range: bytes *\/<total>` when given. */
export interface UnsatisfiableAnswer {
  status: 416
  total: number | null
}

export type RangeAnswer = BytesAnswer | UnsatisfiableAnswer

/** 403, 404 or 410 from a file server: the link expired or was revoked, or the file is gone. */
export class LinkGone extends FiledockError {}

/** The body ended (cut or reset) before all of its announced bytes arrived. */
export class BodyCut extends FiledockError {
  constructor(
    text: ErrorMessage,
    values: ErrorValues,
    readonly received: number,
    readonly expected: number,
    cause?: unknown,
  ) {
    super(translatedError({ kind: 'network', operation: DOWNLOAD_OPERATION }, text, values).toJSON(), {
      cause,
    })
  }
}

/** GETs `url` from `req.start` (to `req.end`), following redirects; see the module comment for the answers. */
export async function openRange(
  ctx: FileServerContext,
  url: string,
  req: RangeRequest,
): Promise<RangeAnswer> {
  const op = DOWNLOAD_OPERATION
  const guard = new RequestGuard(req.signal, ctx.idleTimeoutMs)
  const trace = new RequestTrace()
  const dispatcher = trace.watch(ctx.dispatcher)
  let target = url
  let where = describeFileLink(url)
  /** The answer in hand: whatever throws after it arrived must let go of its body (below). */
  let res: Dispatcher.ResponseData | undefined
  try {
    guard.throwIfCancelled(op)
    for (let hop = 0; ; hop++) {
      where = describeFileLink(target)
      guard.restart()
      const sent = request(target, {
        method: 'GET',
        headers: headersFor(ctx, req),
        dispatcher,
        signal: guard.signal,
        // The guard's idle timer replaces undici's: a paced download may leave the socket unread for a while.
        headersTimeout: 0,
        bodyTimeout: 0,
      })
      // A limit that ends while the request still waits for a free connection fails it then, not when one frees.
      res = await guard.first(sent, (late) => discard(late.body))
      // The server has answered. From here its silence counts only while the reader waits for bytes (RangeBody),
      // not while the caller works before its first read (emptying the work file, journaling the validator):
      // request()'s abort would destroy a body that was arriving in time.
      guard.restart(0)
      const next = redirectOf(res, target)
      if (next === null) return answerOf(res, req, { url: new URL(target), where, trace }, guard, ctx)
      discard(res.body)
      if (hop >= MAX_REDIRECTS) throw failure('server', SERVER.redirects, { max: MAX_REDIRECTS }, where, res)
      target = next
    }
  } catch (err) {
    // A body nobody reads keeps its connection (paused past undici's buffer): every throw after an answer
    // arrived (an unreadable Location, say) lets it go. Discarding twice is harmless.
    if (res !== undefined) discard(res.body)
    guard.dispose()
    throw guard.explain(guard.expired ? trace.stall(err) : err, op, new URL(target), ctx, where)
  }
}

function headersFor(ctx: FileServerContext, req: RangeRequest): Record<string, string> {
  // identity: a compressed body's bytes are not the file's, and a range of it would mean nothing.
  const headers: Record<string, string> = { 'user-agent': ctx.userAgent, 'accept-encoding': 'identity' }
  if (req.start > 0 || req.end !== undefined) {
    headers.range = `bytes=${req.start}-${req.end ?? ''}`
    if (req.ifRange) headers['if-range'] = req.ifRange
  }
  return headers
}

/** The next address of a redirect (http/https only), or null when the answer is not one. */
function redirectOf(res: Dispatcher.ResponseData, from: string): string | null {
  if (![301, 302, 303, 307, 308].includes(res.statusCode)) return null
  const location = header(res.headers, 'location')
  if (location === undefined) return null
  const next = new URL(location, from)
  return next.protocol === 'http:' || next.protocol === 'https:' ? next.href : null
}

/** Where an answer came from: the URL (for a proxy's failures) and how it may be shown (its path is a secret). */
interface AnswerSource {
  url: URL
  where: string
  /** What the request did on the wire, for the cause of a timeout. */
  trace: RequestTrace
}

function answerOf(
  res: Dispatcher.ResponseData,
  req: RangeRequest,
  source: AnswerSource,
  guard: RequestGuard,
  ctx: FileServerContext,
): RangeAnswer {
  const { statusCode: status, headers } = res
  const { where } = source
  const length = numberOf(header(headers, 'content-length'))
  if (status === 206) {
    const range = contentRange(header(headers, 'content-range'))
    // Offsets are written as the Range header writes them (digits only): they are a range, not an amount.
    const got = range === null ? {} : { start: range.start, end: range.end }
    const asked = { askedStart: req.start, askedEnd: req.end ?? '' }
    const problem: ErrorValues | null =
      range === null
        ? { problem: 'noRange' }
        : range.start !== req.start
          ? { problem: 'start', ...got, ...asked }
          : range.end < range.start || (req.end !== undefined && range.end > req.end)
            ? { problem: 'range', ...got, ...asked }
            : range.total !== null && range.end >= range.total
              ? { problem: 'pastEnd', ...got, total: range.total }
              : length !== null && length !== range.end - range.start + 1
                ? { problem: 'length', ...got, length }
                : null
    if (range === null || problem !== null) {
      discard(res.body)
      throw failure('malformed', SERVER.badRange, problem ?? { problem: 'noRange' }, where)
    }
    const bytes = range.end - range.start + 1
    return bytesAnswer(206, range.start, bytes, range.total, res, source, guard, ctx)
  }
  if (status === 200) return bytesAnswer(200, 0, length, length, res, source, guard, ctx)
  discard(res.body)
  guard.dispose()
  if (status === 416) {
    const total = /^bytes \*\/(\d+)$/i.exec(header(headers, 'content-range') ?? '')?.[1]
    return { status: 416, total: total === undefined ? null : Number(total) }
  }
  if (status === 403 || status === 404 || status === 410) {
    const gone = translatedError(
      { kind: 'not_found', operation: DOWNLOAD_OPERATION, status },
      SERVER.linkGone,
      {
        status,
        where,
      },
    )
    throw new LinkGone(gone.toJSON())
  }
  if (status === 429) throw failure('rate_limited', SERVER.slowDown, {}, where, res)
  if (status >= 500) throw failure('server', SERVER.failed, { status }, where, res)
  if (status >= 200 && status < 300) throw failure('malformed', SERVER.noFile, { status }, where)
  throw failure('server', SERVER.answered, { status }, where, res)
}

function bytesAnswer(
  status: 206 | 200,
  start: number,
  length: number | null,
  total: number | null,
  res: Dispatcher.ResponseData,
  source: AnswerSource,
  guard: RequestGuard,
  ctx: FileServerContext,
): BytesAnswer {
  return {
    status,
    start,
    length,
    total,
    validator: validatorOf(res.headers),
    body: new RangeBody(res.body, length, source, guard, ctx),
  }
}

/**
 * The body of an answer, read once with `for await`. The idle timer runs only while waiting for the server, not
 * while the reader writes to disk or waits for the bandwidth limit. `close()` lets go of a body not (fully) read;
 * reading to the end, or failing, closes it too.
 */
export class RangeBody implements AsyncIterable<Buffer> {
  private received = 0
  private closed = false

  constructor(
    private readonly source: Dispatcher.ResponseData['body'],
    private readonly expected: number | null,
    private readonly from: AnswerSource,
    private readonly guard: RequestGuard,
    private readonly ctx: FileServerContext,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    const chunks = this.source[Symbol.asyncIterator]()
    try {
      for (;;) {
        this.guard.restart()
        let next: IteratorResult<Buffer>
        try {
          next = await chunks.next()
        } catch (err) {
          throw this.explain(err)
        }
        this.guard.restart(0)
        if (next.done) break
        this.received += next.value.length
        yield next.value
      }
      if (this.expected !== null && this.received < this.expected) throw this.cut(undefined)
    } finally {
      this.close()
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.guard.dispose()
    discard(this.source)
  }

  private explain(err: unknown): FiledockError {
    const cause = this.guard.expired ? this.from.trace.stall(err, this.received) : err
    const explained = this.guard.explain(cause, DOWNLOAD_OPERATION, this.from.url, this.ctx, this.from.where)
    return explained.kind === 'network' ? this.cut(err) : explained
  }

  private cut(cause: unknown): BodyCut {
    const of = this.expected === null ? { of: 'no', expected: 0 } : { of: 'yes', expected: this.expected }
    return new BodyCut(
      SERVER.cut,
      { received: this.received, ...of, where: this.from.where },
      this.received,
      this.expected ?? this.received,
      cause,
    )
  }
}

function failure(
  kind: 'server' | 'rate_limited' | 'malformed',
  text: ErrorMessage,
  values: ErrorValues,
  where: string,
  res?: Dispatcher.ResponseData,
): FiledockError {
  const retryAfterMs = res && parseRetryAfter(res.headers['retry-after'])
  const data = {
    kind,
    operation: DOWNLOAD_OPERATION,
    ...(res ? { status: res.statusCode } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  }
  return translatedError(data, text, { ...values, where })
}

/** `bytes a-b/total` (total may be `*`); null when it does not read so. */
function contentRange(
  value: string | undefined,
): { start: number; end: number; total: number | null } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/i.exec(value?.trim() ?? '')
  if (!m) return null
  return { start: Number(m[1]), end: Number(m[2]), total: m[3] === '*' ? null : Number(m[3]) }
}

function validatorOf(headers: IncomingHttpHeaders): string | null {
  const etag = header(headers, 'etag')
  if (etag !== undefined && !etag.startsWith('W/')) return etag
  return header(headers, 'last-modified') ?? null
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

function numberOf(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : null
}

/** Lets go of a body not read to its end (undici's body reports that as an error, which nobody waits for). */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {})
  body.destroy()
}

/** What a file server answered: `{where}` is the link as it may be shown (its path is a secret), a value. */
const SERVER = defineMessages({
  linkGone: {
    id: 'errors.fileServer.linkGone',
    defaultMessage:
      'The file server refused the download link with HTTP {status} ({where}): it has expired or the file is gone. A fresh link is needed.',
  },
  redirects: {
    id: 'errors.fileServer.redirects',
    defaultMessage:
      'The file server redirects more than {max, number} times while {action} ({where}). Try again later.',
  },
  slowDown: {
    id: 'errors.fileServer.slowDown',
    defaultMessage: 'The file server asks to slow down (HTTP 429) while {action} ({where}). Try again later.',
  },
  failed: {
    id: 'errors.fileServer.failed',
    defaultMessage: 'The file server failed with HTTP {status} while {action} ({where}). Try again later.',
  },
  answered: {
    id: 'errors.fileServer.answered',
    defaultMessage: 'The file server answered HTTP {status} while {action} ({where}). Try again later.',
  },
  noFile: {
    id: 'errors.fileServer.noFile',
    defaultMessage:
      'The file server answered HTTP {status} without the file while {action} ({where}). A proxy may be in the way; try again later.',
  },
  badRange: {
    id: 'errors.fileServer.badRange',
    defaultMessage:
      'The file server sent {problem, select, start {bytes from {start} when asked from {askedStart}} range {the range {start}-{end} when asked for {askedStart}-{askedEnd}} pastEnd {the range {start}-{end} of a {total}-byte file} length {{length} bytes for the range {start}-{end}} other {a partial answer without a readable Content-Range}} while {action} ({where}). A proxy may be in the way; try again later.',
  },
  cut: {
    id: 'errors.fileServer.cut',
    defaultMessage:
      'The connection to the file server closed after {received}{of, select, yes { of {expected}} other {}} bytes while {action} ({where}). What arrived is kept; the download continues from there.',
  },
})
