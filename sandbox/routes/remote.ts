import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { refusedPort } from '../../shared/refused-ports.ts'
import { adoptBlobs, removeQuietly, tempPath, tempWriter } from '../blobs.ts'
import { randomFileCode } from '../codes.ts'
import type { Ctx } from '../context.ts'
import { commit, spawn } from '../context.ts'
import { badParam, notFound, sendJson, sendOk } from '../envelope.ts'
import { log } from '../log.ts'
import type { Account } from '../model.ts'
import { cleanName } from '../names.ts'
import type { Params } from '../params.ts'
import { accountFor, intParam } from '../params.ts'

/**
 * Op 5 and op 6 share a path: with `url` it is a remote upload (op 5), otherwise `file_code` is required and the
 * call is op 6.
 *
 * Op 5 answers `WORKING` at once and fetches in the background (http/https, redirects followed, streamed to
 * disk, at most `remoteFetchTimeoutMs`, default 10 minutes). When the fetch completes the file appears in
 * `folder` (default 0; an unknown folder, and a port fetch will not connect to, are refused up front), named after the last path segment of the URL as
 * given (decoded; `remote_file` when there is none). A failed fetch (network error, non-2xx answer, time-out,
 * quota) leaves no file and no record; it is only logged to stderr.
 *
 * Op 6 echoes `{"status":"200","file_code":…}` (status as a string, as the spec shows) when the code is an
 * alive file of the account, and answers the 404 error envelope otherwise.
 */
export function uploadUrl(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const url = q.get('url')
  if (url === null || url === '') {
    const code = q.get('file_code')
    if (code === null || code === '') throw badParam('Missing url')
    if (!ctx.store.fileOf(acct, code)) throw notFound('File not found')
    sendJson(res, { status: '200', file_code: code })
    return
  }
  let target: URL
  try {
    target = new URL(url)
  } catch {
    throw badParam('Invalid url')
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw badParam('Invalid url: http or https only')
  const port = refusedPort(target)
  // Its fetch would refuse the port in the background, where only stderr hears of it, and the client would poll
  // for a file that never comes until its time limit: said now, in the answer, instead.
  if (port !== null)
    throw badParam(`Invalid url: port ${port} is kept for another service; files are not fetched from it`)
  const fld = intParam(q, 'folder', 0)
  if (!ctx.store.folderOf(acct, fld)) throw notFound('Folder not found')
  spawn(
    ctx,
    fetchRemote(ctx, acct, target, fld).catch((err: unknown) => {
      log.info(`remote upload from ${target.host} failed: ${(err as Error).message}`)
    }),
  )
  sendOk(res, {}, 'WORKING')
}

/** The last path segment of the URL as given, decoded (a malformed escape keeps the raw segment). */
export function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').pop() ?? ''
  try {
    return cleanName(decodeURIComponent(last), 'remote_file')
  } catch {
    return cleanName(last, 'remote_file')
  }
}

async function fetchRemote(ctx: Ctx, acct: Account, url: URL, fld: number): Promise<void> {
  const signal = AbortSignal.any([ctx.shutdown.signal, AbortSignal.timeout(ctx.remoteFetchTimeoutMs)])
  const resp = await fetch(url, { redirect: 'follow', signal }).catch((err: unknown) => {
    throw signal.aborted ? new Error(`gave up after ${ctx.remoteFetchTimeoutMs} ms or at shutdown`) : err
  })
  if (!resp.ok || !resp.body) throw new Error(`HTTP ${resp.status}`)
  const tmp = tempPath(ctx)
  try {
    const out = tempWriter(tmp)
    await pipeline(Readable.fromWeb(resp.body as unknown as NodeReadableStream), out, { signal })
    const size = out.bytesWritten
    if (acct.quota !== null && acct.used + size > acct.quota) throw new Error('not enough storage space')
    const [blob] = await adoptBlobs(ctx, [tmp])
    let code = randomFileCode()
    while (ctx.store.files.has(code)) code = randomFileCode()
    const name = nameFromUrl(url)
    await commit(ctx, {
      t: 'file',
      code,
      acct: acct.id,
      name,
      size,
      fld,
      at: Date.now(),
      blob: blob ?? null,
      virt: null,
    })
  } finally {
    await removeQuietly([tmp])
  }
}
