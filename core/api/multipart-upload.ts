import { randomBytes } from 'node:crypto'
import { type FileHandle, open } from 'node:fs/promises'
import { basename } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { request } from 'undici'
import type { UploadProgress } from '../../shared/api/types.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { readAnswer } from './answer-body.ts'
import { envelopeFailure, hostWords } from './envelope.ts'
import { type HttpContext, interpretAnswer, RequestGuard } from './http.ts'
import { parseAnswer } from './schema-primitives.ts'
import { uploadFormAnswer } from './schemas.ts'
import { checkName, invalid } from './validate.ts'

/**
 * Op 4: the multipart form POST to {upload_url}, streamed from disk.
 *
 * Real upload servers of this family are CGI scripts that need a Content-Length and reject chunked bodies, and
 * files can be far larger than memory, so the body is preamble + the file's bytes + epilogue with its exact
 * length computed up front, streamed in 1 MiB reads into two reused buffers with backpressure (undici awaits
 * 'drain').
 */

export const UPLOAD_OPERATION = 'upload/file'
const READ_CHUNK = 1024 * 1024
const THROTTLE_SLICE = 64 * 1024

export interface UploadFormOptions {
  uploadUrl: string
  /** '' when upload/server gave no session: the form then carries the key in `keyField`. */
  sessId: string
  /**
   * The form's key field for hosts whose upload/server gives no session: `api_key` (DoodStream's, the default)
   * or `key`. Never sent when there is a session: the key goes to the upload server only when it needs it.
   */
  keyField?: 'api_key' | 'key'
  path: string
  /** Name sent to the host; default: the file's base name. */
  fileName?: string
  /**
   * The spec shows only `prem` and says other values are not shown. Hosts of this family use utype to pick the
   * account class whose limits apply; an upload made with an account's session is that account's, so `prem` is
   * the default and callers may override it.
   */
  utype?: string
  signal?: AbortSignal | undefined
  onProgress?: ((p: UploadProgress) => void) | undefined
  /** Minimum gap between progress callbacks; the final callback (all bytes sent) always fires. */
  progressIntervalMs?: number
  /** Bandwidth limiting (the upload queue's token bucket), looked at before each chunk of the file. */
  throttle?: UploadThrottle | undefined
  /** Abort when no body bytes move for this long, and as the wait for the answer after the last byte. */
  idleTimeoutMs: number
  /** How long the host may take to answer after the last byte (it may be moving a large file into place). */
  answerTimeoutMs: number
  /** Told the host's words when it refuses the file or the form, for the rules they show (host-profile.ts). */
  onRefused?: ((words: string) => void) | undefined
}

/**
 * A bandwidth limit that may be set, changed or lifted while an upload runs. While `limited`, the file goes out
 * in THROTTLE_SLICE pieces, each awaiting `take` (given the request's signal, so a cancel does not wait for the
 * bucket), so a low limit paces smoothly instead of in 1 MiB jumps. Without a limit each READ_CHUNK goes out
 * whole: slicing it anyway cost 16 turns of the body per MiB (a bucket take, two idle-timer restarts, a yield to
 * the socket) for nothing, a client's CPU time that slowed a 1 GiB upload on a busy machine.
 */
export interface UploadThrottle {
  readonly limited: boolean
  take(bytes: number, signal: AbortSignal): Promise<void>
}

export interface UploadFormResult {
  fileCode: string
  size: number
  name: string
  /** The file's page link, when the answer carried one (the video hosts' shapes do). */
  link?: string
}

export async function postUploadForm(ctx: HttpContext, opts: UploadFormOptions): Promise<UploadFormResult> {
  const op = UPLOAD_OPERATION
  const name = checkName(op, opts.fileName ?? basename(opts.path), 'file name')
  const file = await openForUpload(op, opts.path)
  const guard = new RequestGuard(opts.signal, opts.idleTimeoutMs)
  try {
    guard.throwIfCancelled(op)
    const size = (await file.stat()).size
    const boundary = `----FiledockBoundary${randomBytes(12).toString('hex')}`
    const auth =
      opts.sessId === ''
        ? field(boundary, opts.keyField ?? 'api_key', ctx.apiKey)
        : field(boundary, 'sess_id', opts.sessId)
    const preamble = Buffer.from(
      auth +
        field(boundary, 'utype', opts.utype ?? 'prem') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file_0"; ${fileNameParams(name)}\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
      'utf8',
    )
    const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')
    const progress = throttledProgress(size, opts.onProgress, opts.progressIntervalMs ?? 100)
    const body = streamBody(
      file,
      size,
      preamble,
      epilogue,
      progress,
      guard,
      opts.answerTimeoutMs,
      opts.throttle,
    )
    const res = await request(opts.uploadUrl, {
      method: 'POST',
      headers: {
        'user-agent': ctx.userAgent,
        accept: 'application/json',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(preamble.length + size + epilogue.length),
      },
      // undici streams async iterables with backpressure; its typings list only Readable.
      body: body as unknown as NodeJS.ReadableStream as never,
      dispatcher: ctx.dispatcher,
      signal: guard.signal,
      // Our idle timer replaces undici's: its headers timer would otherwise run while the body is still going.
      headersTimeout: 0,
      bodyTimeout: 0,
    })
    const text = await readAnswer(res.body, op)
    let json: unknown
    try {
      json = interpretAnswer(op, res.statusCode, res.headers, text, ctx.apiKey)
    } catch (err) {
      const words = refusalWords(text)
      if (words !== undefined) opts.onRefused?.(words)
      throw err
    }
    const accepted = acceptedFile(json, ctx.apiKey, opts.onRefused)
    return { fileCode: accepted.code, size, name, ...(accepted.link ? { link: accepted.link } : {}) }
  } catch (err) {
    throw explainUploadFailure(guard.explain(err, op, new URL(opts.uploadUrl), ctx), err)
  } finally {
    guard.dispose()
    await file.close().catch(() => {})
  }
}

/**
 * A reset while the body is still going usually means the server refused the upload early (bad or expired
 * session, file too large) and closed without reading the rest; servers without a lingering close lose their
 * answer that way, so say what probably happened.
 */
function explainUploadFailure(e: FiledockError, cause: unknown): FiledockError {
  const code = (cause as { code?: unknown })?.code
  if (e.kind !== 'network' || (code !== 'EPIPE' && code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET'))
    return e
  const { kind, operation, status, retryAfterMs } = e
  const data = {
    kind,
    ...(operation !== undefined ? { operation } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  }
  return translatedError(data, UPLOAD.closed, {}, { cause })
}

async function* streamBody(
  file: FileHandle,
  size: number,
  preamble: Buffer,
  epilogue: Buffer,
  progress: (sent: number) => void,
  guard: RequestGuard,
  answerTimeoutMs: number,
  throttle?: UploadThrottle,
): AsyncGenerator<Buffer> {
  progress(0)
  yield preamble
  let sent = 0
  // A small file gets buffers of its own size: many small uploads must not each take 2 MiB.
  const bufferSize = Math.min(READ_CHUNK, size)
  const buffers = size > 0 ? [Buffer.allocUnsafeSlow(bufferSize), Buffer.allocUnsafeSlow(bufferSize)] : []
  const readAt = (turn: number, at: number) => {
    const read = readChunk(file, buffers[turn % 2] as Buffer, at, Math.min(READ_CHUNK, size - at))
    // A read ahead that is never awaited (the upload failed meanwhile) must not be an unhandled rejection.
    read.catch(() => undefined)
    return read
  }
  let next = size > 0 ? readAt(0, 0) : null
  for (let turn = 0; sent < size && next !== null; turn++) {
    const chunk = await next
    if (chunk.length === 0) break
    // The next chunk is read while this one is sent, so the socket never waits for the disk between chunks.
    // Its buffer is the other one, yielded a turn ago: the socket had drained it before this chunk was asked
    // for (see readChunk).
    const after = sent + chunk.length
    next = after < size ? readAt(turn + 1, after) : null
    if (!throttle?.limited) {
      guard.restart()
      sent += chunk.length
      progress(sent)
      yield chunk
      continue
    }
    for (let at = 0; at < chunk.length; at += THROTTLE_SLICE) {
      const slice = chunk.subarray(at, at + THROTTLE_SLICE)
      // Waiting for the bucket is not the host being idle: the idle timer is off during the wait (at a low
      // limit shared by many uploads it can last longer than the idle limit) and restarts after it.
      guard.restart(Number.POSITIVE_INFINITY)
      await throttle.take(slice.length, guard.signal)
      guard.restart()
      sent += slice.length
      progress(sent)
      yield slice
    }
  }
  if (sent !== size) {
    throw invalid(UPLOAD_OPERATION, UPLOAD.shrank, { size, sent })
  }
  yield epilogue
  guard.restart(answerTimeoutMs)
}

/**
 * Reads `want` bytes at `position` into `buffer` (fewer only at the file's end). The body takes turns between two
 * buffers instead of a fresh one per read: spent buffers live outside V8's heap, which collects them only once
 * ~64 MiB have piled up, so fresh 1 MiB reads kept an upload ~40 MiB above what it needs (the CLI's peak RSS).
 * A buffer is refilled once the chunk after it has been asked for, and by then the socket has sent it: every
 * chunk but the last is READ_CHUNK long, above any socket's highWaterMark (64 KiB for TCP, 16 KiB for TLS), so
 * undici's write returns false and it waits for 'drain' (the socket's queue empty) before it pulls the next chunk.
 * (With a throttle the chunk goes out in slices; the buffer's last slice was followed by a whole chunk, more
 * than a highWaterMark, before the buffer is read into again.)
 */
async function readChunk(file: FileHandle, buffer: Buffer, position: number, want: number): Promise<Buffer> {
  let filled = 0
  while (filled < want) {
    const { bytesRead } = await file.read(buffer, filled, want - filled, position + filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return buffer.subarray(0, filled)
}

/** The checks postUploadForm makes before sending, for callers that want them before spending a session. */
export async function checkUploadSource(
  path: string,
  fileName?: string,
): Promise<{ name: string; size: number }> {
  const name = checkName(UPLOAD_OPERATION, fileName ?? basename(String(path)), 'file name')
  const file = await openForUpload(UPLOAD_OPERATION, path)
  try {
    return { name, size: (await file.stat()).size }
  } finally {
    await file.close()
  }
}

async function openForUpload(op: string, path: string): Promise<FileHandle> {
  if (typeof path !== 'string' || path === '') throw invalid(op, UPLOAD.pathRequired)
  let file: FileHandle
  try {
    file = await open(path, 'r')
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'ENOENT') throw invalid(op, UPLOAD.noFile, { path })
    if (code === 'EACCES' || code === 'EPERM') throw invalid(op, UPLOAD.notReadable, { path })
    throw invalid(op, UPLOAD.cannotOpen, { path, detail: (err as Error).message })
  }
  const stat = await file.stat()
  if (!stat.isFile()) {
    await file.close()
    throw invalid(op, UPLOAD.notRegular, { path })
  }
  return file
}

function field(boundary: string, name: string, value: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
}

/**
 * `filename` as browsers send it (UTF-8, with `"` percent-encoded) for CGI parsers, plus RFC 5987 `filename*` when
 * the name is not plain ASCII or holds characters some parsers treat specially, so the exact name survives.
 */
export function fileNameParams(name: string): string {
  const plain = `filename="${name.replace(/"/g, '%22')}"`
  if (/^[\x20-\x7e]*$/.test(name) && !/["\\%]/.test(name)) return plain
  const ext = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${plain}; filename*=UTF-8''${ext}`
}

function throttledProgress(
  total: number,
  onProgress: ((p: UploadProgress) => void) | undefined,
  intervalMs: number,
): (sent: number) => void {
  if (!onProgress) return () => {}
  let last = -Infinity
  return (sent) => {
    const now = performance.now()
    if (sent !== total && sent !== 0 && now - last < intervalMs) return
    last = now
    onProgress({ bytesSent: sent, totalBytes: total })
  }
}

/** The words of an answer that refused the whole form (`{status: 4xx, msg}`, `{success: false, message}`). */
function refusalWords(text: string): string | undefined {
  try {
    return envelopeFailure(UPLOAD_OPERATION, JSON.parse(text))?.msg
  } catch {
    return undefined
  }
}

/** The answer's first file: its code and page link, or the host's own words about why it was refused. */
function acceptedFile(
  json: unknown,
  apiKey: string,
  onRefused: ((words: string) => void) | undefined,
): { code: string; link: string | undefined } {
  const op = UPLOAD_OPERATION
  const first = parseAnswer(uploadFormAnswer, op, json)[0]
  const status = first?.status
  if (status !== undefined && status.toUpperCase() !== 'OK' && status !== '200') {
    onRefused?.(status)
    throw translatedError({ kind: 'server', operation: op }, UPLOAD.refused, {
      words: hostWords(status, apiKey) ?? status.slice(0, 40),
    })
  }
  const code = first?.code ?? ''
  if (!/^[A-Za-z0-9]{1,64}$/.test(code) || code.toLowerCase() === 'undef') {
    throw translatedError({ kind: 'malformed', operation: op }, UPLOAD.noCode, {
      code: JSON.stringify(code.slice(0, 40)),
    })
  }
  return { code, link: first?.link }
}

const UPLOAD = defineMessages({
  /** The upload server's refusal, in its own words (a value: they are the host's, never translated). */
  refused: { id: 'errors.upload.refused', defaultMessage: 'The upload server refused the file: “{words}”.' },
  noCode: {
    id: 'errors.upload.noCode',
    defaultMessage: 'The upload server answered without a usable file code ({code}).',
  },
  closed: {
    id: 'errors.upload.closed',
    defaultMessage:
      'The upload server closed the connection during the upload. It may have refused the upload session or the file; try again with a new session.',
  },
  shrank: {
    id: 'errors.upload.shrank',
    defaultMessage:
      'The file shrank from {size, number} to {sent, number} bytes while it was being uploaded.',
  },
  pathRequired: { id: 'errors.upload.pathRequired', defaultMessage: 'A file path is required.' },
  noFile: { id: 'errors.upload.noFile', defaultMessage: 'There is no file at {path}.' },
  notReadable: {
    id: 'errors.upload.notReadable',
    defaultMessage: '{path} cannot be read (permission denied).',
  },
  cannotOpen: { id: 'errors.upload.cannotOpen', defaultMessage: '{path} cannot be opened: {detail}.' },
  notRegular: { id: 'errors.upload.notRegular', defaultMessage: '{path} is not a regular file.' },
})
