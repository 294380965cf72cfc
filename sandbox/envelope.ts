import type { ServerResponse } from 'node:http'

/**
 * The spec's timestamp form `YYYY-MM-DD HH:MM:SS`. The spec names no time zone; the sandbox uses UTC so that tests
 * and stats days do not depend on the machine's zone.
 */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}

/** `YYYY-MM-DD` (UTC) of a moment: the key of account/stats rows. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** A file's upload timestamp, formatted once and kept (the upload time never changes). */
export function uploadedText(rec: { uploaded: number; uploadedText: string | null }): string {
  rec.uploadedText ??= formatTimestamp(rec.uploaded)
  return rec.uploadedText
}

export function serverTime(): string {
  return formatTimestamp(Date.now())
}

/**
 * A failure answered as the error envelope `{status, msg, server_time}`. `http` is the HTTP status: hosts of this
 * family answer API errors with HTTP 200 and the error only in the body, so 200 is the default; HTTP-level
 * refusals (411, 405, unknown route) use their own HTTP status as well.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly http = 200,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const badParam = (msg: string): ApiError => new ApiError(400, msg)
export const notFound = (msg: string): ApiError => new ApiError(404, msg)

/** Responses picked by the truncate fault: their JSON body is cut in half on the way out. */
const truncated = new WeakMap<ServerResponse, TruncateMode>()

/**
 * Half the body, in one of the two ways a broken proxy or a killed backend produces it: a consistent but short
 * Content-Length ('short'), or the full Content-Length announced and the connection cut after half ('cut').
 */
export type TruncateMode = 'short' | 'cut'

export function markTruncated(res: ServerResponse, mode: TruncateMode): void {
  truncated.set(res, mode)
}

/** Answers of the `string-status` variant (variants.ts): every envelope's status goes out as a string. */
const stringStatus = new WeakSet<ServerResponse>()

export function markStringStatus(res: ServerResponse): void {
  stringStatus.add(res)
}

/** The envelope's status as this answer writes it: a number, or a string under the `string-status` variant. */
function statusOut(res: ServerResponse, status: number): number | string {
  return stringStatus.has(res) ? String(status) : status
}

/** Sends any JSON value (object envelope or the upload server's bare array). */
export function sendJson(
  res: ServerResponse,
  body: unknown,
  http = 200,
  headers: Record<string, string> = {},
) {
  const envelope = typeof body === 'object' && body !== null && !Array.isArray(body)
  const status = envelope ? (body as { status?: unknown }).status : undefined
  const out = typeof status === 'number' ? { ...(body as object), status: statusOut(res, status) } : body
  sendJsonText(res, JSON.stringify(out), http, headers)
}

/** Sends JSON already serialised (large lists are assembled from cached per-record fragments). */
export function sendJsonText(
  res: ServerResponse,
  json: string,
  http = 200,
  headers: Record<string, string> = {},
) {
  const text = Buffer.from(json)
  res.statusCode = http
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  const mode = truncated.get(res)
  if (mode !== undefined) {
    sendTruncated(res, text, mode)
    return
  }
  res.setHeader('Content-Length', text.length)
  res.end(text)
}

function sendTruncated(res: ServerResponse, text: Buffer, mode: TruncateMode): void {
  const half = text.subarray(0, Math.floor(text.length / 2))
  if (mode === 'short') {
    res.setHeader('Content-Length', half.length)
    res.end(half)
    return
  }
  res.setHeader('Content-Length', text.length)
  res.write(half, () => res.socket?.destroy())
}

/** The success envelope: status 200, msg OK, server_time, then any extra members (result, sess_id, ...). */
export function sendOk(res: ServerResponse, extra: Record<string, unknown> = {}, msg = 'OK'): void {
  sendJson(res, { status: 200, msg, server_time: serverTime(), ...extra })
}

/** The success envelope around a result given as JSON text. */
export function sendOkText(res: ServerResponse, resultJson: string): void {
  const status = JSON.stringify(statusOut(res, 200))
  sendJsonText(res, `{"status":${status},"msg":"OK","server_time":"${serverTime()}","result":${resultJson}}`)
}

export function sendError(res: ServerResponse, err: ApiError, headers: Record<string, string> = {}): void {
  sendJson(res, { status: err.status, msg: err.message, server_time: serverTime() }, err.http, headers)
}
