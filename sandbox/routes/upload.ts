import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import { adoptBlobs, removeQuietly, streamHwm, tempPath, tempWriter } from '../blobs.ts'
import { randomFileCode, randomToken } from '../codes.ts'
import type { Ctx } from '../context.ts'
import { commit } from '../context.ts'
import { ApiError, badParam, notFound, sendJson, sendOk } from '../envelope.ts'
import type { Account, Entry } from '../model.ts'
import { cleanName } from '../names.ts'
import type { Params } from '../params.ts'
import { accountFor } from '../params.ts'

/** Path of the upload server (op 4); upload/server hands it out with this query, like XFileSharing's CGI. */
export const uploadPath = '/cgi-bin/upload.cgi'

/**
 * Op 3. Every call opens a new session valid for `sessionTtlMs` (default 1 hour). A session may be used for
 * any number of uploads until it expires; it is journaled, so it survives a restart.
 */
export async function uploadServer(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  const acct = accountFor(ctx, q)
  const id = randomToken(32)
  if (ctx.store.sessions.size > 10_000) ctx.store.pruneSessions(Date.now())
  await commit(ctx, { t: 'sess', id, acct: acct.id, exp: Date.now() + ctx.sessionTtlMs })
  sendOk(res, { sess_id: id, result: `${ctx.baseUrl}${uploadPath}?upload_type=file` })
}

/**
 * The session check. A session is judged at the moment the request arrived, so an upload that starts before
 * expiry is accepted however long it takes, wherever sess_id sits in the form.
 */
function sessionAccount(ctx: Ctx, sessId: string | null, arrived: number): Account {
  if (sessId === null || sessId === '') throw badParam('Missing sess_id')
  const sess = ctx.store.sessions.get(sessId)
  if (!sess) throw notFound('Invalid sess_id')
  if (sess.expires <= arrived) throw notFound('Upload session expired')
  const acct = ctx.store.accounts.get(sess.acct)
  if (!acct) throw notFound('Invalid sess_id')
  return acct
}

interface Part {
  filename: string | undefined
  tmp: string
  size: number
  /** Settles when the temp file is complete or its writer is closed after a failure. */
  written: Promise<void>
}

/**
 * Op 4: the multipart form POST. Parts named `file_N` are streamed straight to temp files (never buffered), in
 * the order they arrive, one answer element each; other file parts are drained and ignored; `utype` is accepted
 * whatever its value. A body without Content-Length (chunked) is refused with HTTP 411, as CGI upload scripts
 * do. Parts with an empty filename and no bytes (an empty browser file input) are skipped.
 *
 * Answer: the bare array `[{"file_code","file_status":"OK"}]`. A file that does not fit the account's quota
 * gets an element with an empty file_code and the reason as file_status. Errors concerning the whole form
 * (missing or bad sess_id, no file part, not multipart) are the usual error envelope.
 */
export async function uploadForm(ctx: Ctx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') throw new ApiError(405, 'Method not allowed: POST a multipart form', 405)
  if (req.headers['content-length'] === undefined) {
    throw new ApiError(411, 'Length Required: chunked uploads are not accepted, send Content-Length', 411)
  }
  const arrived = Date.now()
  const parts: Part[] = []
  try {
    const sessId = await receiveParts(ctx, req, parts, arrived)
    const acct = sessionAccount(ctx, sessId, arrived)
    const kept = parts.filter((p) => p.size > 0 || (p.filename ?? '') !== '')
    if (kept.length === 0) throw badParam('No file uploaded: send the file as form part file_0')
    await sendStored(ctx, res, acct, kept)
  } finally {
    await Promise.allSettled(parts.map((p) => p.written))
    await removeQuietly(parts.map((p) => p.tmp))
  }
}

async function sendStored(ctx: Ctx, res: ServerResponse, acct: Account, kept: Part[]): Promise<void> {
  const answer: { file_code: string; file_status: string }[] = []
  const accepted: Part[] = []
  let used = acct.used
  for (const part of kept) {
    if (acct.quota !== null && used + part.size > acct.quota) {
      answer.push({ file_code: '', file_status: 'Not enough storage space on the account' })
      continue
    }
    used += part.size
    accepted.push(part)
    answer.push({ file_code: '', file_status: 'OK' })
  }
  const blobs = await adoptBlobs(
    ctx,
    accepted.map((p) => p.tmp),
  )
  const entries: Entry[] = []
  const now = Date.now()
  let i = 0
  for (const row of answer) {
    if (row.file_status !== 'OK') continue
    const part = accepted[i] as Part
    let code = randomFileCode()
    while (ctx.store.files.has(code)) code = randomFileCode()
    row.file_code = code
    const blob = blobs[i++] ?? null
    entries.push({
      t: 'file',
      code,
      acct: acct.id,
      name: cleanName(part.filename, 'file'),
      size: part.size,
      fld: 0,
      at: now,
      blob,
      virt: null,
    })
  }
  await commit(ctx, ...entries)
  sendJson(res, answer)
}

/** Streams the form's file parts to temp files; resolves with the sess_id field once every part is on disk. */
function receiveParts(
  ctx: Ctx,
  req: IncomingMessage,
  parts: Part[],
  arrived: number,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        highWaterMark: streamHwm,
        fileHwm: streamHwm,
        defParamCharset: 'utf8',
        limits: { fieldSize: 64 * 1024, fields: 100, files: 1000 },
      })
    } catch {
      reject(badParam('Expected a multipart/form-data body'))
      return
    }
    let sessId: string | null = null
    let failed = false
    const streams: Readable[] = []
    const fail = (err: unknown) => {
      if (failed) return
      failed = true
      req.unpipe(parser)
      for (const s of streams) s.destroy()
      reject(err)
    }
    parser.on('field', (name, value) => {
      if (name !== 'sess_id') return
      sessId = value
      // A bad session is refused at once instead of after the whole body has been stored.
      try {
        sessionAccount(ctx, sessId, arrived)
      } catch (err) {
        fail(err)
      }
    })
    parser.on('file', (name, stream, info) => {
      if (failed || !/^file_\d+$/.test(name)) {
        stream.resume()
        return
      }
      const tmp = tempPath(ctx)
      const out = tempWriter(tmp)
      streams.push(stream)
      const part: Part = { filename: info.filename, tmp, size: 0, written: Promise.resolve() }
      part.written = pipeline(stream, out).then(
        () => {
          part.size = out.bytesWritten
        },
        (err: unknown) => fail(err),
      )
      parts.push(part)
    })
    parser.on('error', (err) => fail(badParam(`Malformed multipart body: ${(err as Error).message}`)))
    parser.on('close', () => {
      Promise.all(parts.map((p) => p.written)).then(() => {
        if (!failed) resolve(sessId)
      })
    })
    req.on('close', () => {
      if (!req.complete) fail(new Error('client aborted the upload'))
    })
    // The client may already be gone (e.g. it died during injected latency): 'close' has then fired before the
    // listener above, and without this the request would never settle and close() would wait forever.
    if (req.destroyed && !req.complete) {
      fail(new Error('client aborted the upload'))
      return
    }
    req.pipe(parser)
  })
}
