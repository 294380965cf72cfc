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
import { linkBase } from '../records.ts'
import { isVideoName, videoRule } from '../variants.ts'

/** Path of the upload server (op 4); upload/server hands it out with this query, like XFileSharing's CGI. */
export const uploadPath = '/cgi-bin/upload.cgi'

/**
 * Op 3. Every call opens a new session valid for `sessionTtlMs` (default 1 hour). A session may be used for
 * any number of uploads until it expires (one only under the `server-per-file` variant); it is journaled, so it
 * survives a restart. Under the `api-key-form` variant the answer is the upload URL alone, no `sess_id`: the form
 * is authorised by the key (as DoodStream's).
 */
export async function uploadServer(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  const acct = accountFor(ctx, q)
  if (ctx.variant.formKeyField === 'api_key') {
    sendOk(res, { result: `${ctx.baseUrl}${uploadPath}?upload_type=file` })
    return
  }
  const id = randomToken(32)
  if (ctx.store.sessions.size > 10_000) ctx.store.pruneSessions(Date.now())
  await commit(ctx, { t: 'sess', id, acct: acct.id, exp: Date.now() + ctx.sessionTtlMs })
  sendOk(res, { sess_id: id, result: `${ctx.baseUrl}${uploadPath}?upload_type=file` })
}

/**
 * The session check. A session is judged at the moment the request arrived, so an upload that starts before
 * expiry is accepted however long it takes, wherever sess_id sits in the form. Under the `api-key-form` variant
 * the form's `api_key` field is checked instead, like `key` on the API.
 */
function formAccount(ctx: Ctx, field: FormAuth, arrived: number): Account {
  if (ctx.variant.formKeyField === 'api_key') {
    if (field.apiKey === null || field.apiKey === '') throw badParam('Missing api_key')
    const acct = ctx.store.byKey.get(field.apiKey)
    if (!acct) throw new ApiError(403, 'Invalid api_key')
    return acct
  }
  const { sessId } = field
  if (sessId === null || sessId === '') throw badParam('Missing sess_id')
  const sess = ctx.store.sessions.get(sessId)
  if (!sess) throw notFound('Invalid sess_id')
  if (sess.expires <= arrived) throw notFound('Upload session expired')
  if (ctx.variant.serverPerFile && ctx.usedSessions.has(sessId))
    throw badParam('Upload server already used: ask upload/server for a new one for each file')
  const acct = ctx.store.accounts.get(sess.acct)
  if (!acct) throw notFound('Invalid sess_id')
  return acct
}

/** The form's authorising fields: the spec's sess_id, or api_key under the `api-key-form` variant. */
interface FormAuth {
  sessId: string | null
  apiKey: string | null
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
    const auth = await receiveParts(ctx, req, parts, arrived)
    const acct = formAccount(ctx, auth, arrived)
    const kept = parts.filter((p) => p.size > 0 || (p.filename ?? '') !== '')
    if (kept.length === 0) throw badParam('No file uploaded: send the file as form part file_0')
    if (auth.sessId !== null && ctx.variant.serverPerFile) spendSession(ctx, auth.sessId)
    await sendStored(ctx, res, acct, kept)
  } finally {
    await Promise.allSettled(parts.map((p) => p.written))
    await removeQuietly(parts.map((p) => p.tmp))
  }
}

/** Marks a session used (`server-per-file`); the set is bounded like the sessions map. */
function spendSession(ctx: Ctx, sessId: string): void {
  if (ctx.usedSessions.size > 100_000) ctx.usedSessions.clear()
  ctx.usedSessions.add(sessId)
}

interface AnswerRow {
  file_code: string
  file_status: string
  name: string
  size: number
}

async function sendStored(ctx: Ctx, res: ServerResponse, acct: Account, kept: Part[]): Promise<void> {
  const answer: AnswerRow[] = []
  const accepted: Part[] = []
  let used = acct.used
  for (const part of kept) {
    const name = cleanName(part.filename, 'file')
    const refused = (file_status: string) =>
      answer.push({ file_code: '', file_status, name, size: part.size })
    if (ctx.variant.videoOnly && !isVideoName(name)) {
      refused(videoRule)
      continue
    }
    if (acct.quota !== null && used + part.size > acct.quota) {
      refused('Not enough storage space on the account')
      continue
    }
    used += part.size
    accepted.push(part)
    answer.push({ file_code: '', file_status: 'OK', name, size: part.size })
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
      name: row.name,
      size: part.size,
      fld: 0,
      at: now,
      blob,
      virt: null,
    })
  }
  await commit(ctx, ...entries)
  sendUploadAnswer(ctx, res, answer)
}

/**
 * The upload answer in the variant's shape (variants.ts). The spec's bare array; the video hosts' `files`,
 * `result` (with each file's page link as `url`) and `file` (one file, `success` in place of `status`; a refused
 * file is `success: false` with the reason as `message`).
 */
function sendUploadAnswer(ctx: Ctx, res: ServerResponse, rows: AnswerRow[]): void {
  const link = (row: AnswerRow) => (row.file_code === '' ? undefined : `${linkBase(ctx)}/${row.file_code}`)
  switch (ctx.variant.uploadAnswer) {
    case 'array':
      sendJson(
        res,
        rows.map(({ file_code, file_status }) => ({ file_code, file_status })),
      )
      return
    case 'files':
      sendOk(res, {
        files: rows.map((r) => ({ filecode: r.file_code, filename: r.name, status: r.file_status })),
      })
      return
    case 'result':
      sendOk(res, {
        result: rows.map((r) =>
          r.file_status === 'OK'
            ? { filecode: r.file_code, title: r.name, size: String(r.size), status: 200, url: link(r) }
            : { filecode: '', title: r.name, status: r.file_status },
        ),
      })
      return
    case 'file': {
      const first = rows[0] as AnswerRow
      if (first.file_status !== 'OK') {
        sendJson(res, { success: false, message: first.file_status })
        return
      }
      sendJson(res, {
        success: true,
        message: 'File uploaded',
        file: { file_code: first.file_code, file_title: first.name, url: link(first) },
      })
    }
  }
}

/** Streams the form's file parts to temp files; resolves with the sess_id field once every part is on disk. */
function receiveParts(ctx: Ctx, req: IncomingMessage, parts: Part[], arrived: number): Promise<FormAuth> {
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
    const auth: FormAuth = { sessId: null, apiKey: null }
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
      const keyed = ctx.variant.formKeyField === 'api_key'
      if (name === 'sess_id') auth.sessId = value
      else if (name === 'api_key') auth.apiKey = value
      else return
      if ((name === 'api_key') !== keyed) return
      // A bad session (or key) is refused at once instead of after the whole body has been stored.
      try {
        formAccount(ctx, auth, arrived)
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
        if (!failed) resolve(auth)
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
