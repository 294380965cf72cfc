import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { isFiledockError } from '../shared/errors.ts'
import { STAGE_PREFIX } from '../shared/ipc/staging.ts'
import type { StagedAnswer } from '../shared/ipc/staging-schemas.ts'
import { sendText, setSecurityHeaders } from './headers.ts'
import type { StagingArea } from './staging-area.ts'

/**
 * `PUT /stage/<stagingId>/<relPath>` (shared/ipc/staging.ts): the browser host's way in for dropped files, since a browser never
 * reveals local paths. The body streams to disk (never held in memory; no size limit but the disk), into a
 * `.part` file that is renamed into place only once complete, so a cut upload never leaves a short file that
 * could be queued. A path ending in `/` makes an (empty) folder, so dropped empty folders are mirrored too.
 *
 * Paths are split and decoded here, from the raw request line: WHATWG URL parsing would already have resolved
 * `..` and `%2e%2e`, hiding an attempt to leave the folder instead of refusing it. Each decoded segment is then
 * checked by StagingArea.prepare. The caller has admitted the request (token, Host, Origin).
 */
export async function handleStage(
  req: IncomingMessage,
  res: ServerResponse,
  staging: StagingArea,
  port: number,
): Promise<void> {
  if (req.method !== 'PUT') {
    res.setHeader('Allow', 'PUT')
    return sendText(res, port, 405, 'Method not allowed')
  }
  const raw = (req.url ?? '').split('?')[0] ?? ''
  const parts = raw.slice(STAGE_PREFIX.length).split('/')
  const isFolder = parts.length > 2 && parts.at(-1) === ''
  if (isFolder) parts.pop()
  let segments: string[]
  try {
    segments = parts.map((p) => decodeURIComponent(p))
  } catch {
    return refuse(req, res, port, 400, 'The path is not valid percent-encoding.')
  }
  const [stagingId = '', ...rel] = segments
  let target: { path: string; top: string }
  try {
    target = await staging.prepare(stagingId, rel)
  } catch (error) {
    if (!isFiledockError(error)) throw error
    return refuse(req, res, port, 400, error.message)
  }

  if (isFolder) {
    req.resume()
    await mkdir(target.path, { recursive: true, mode: 0o700 })
    return sendJson(res, port, { top: target.top })
  }
  const part = `${target.path}.part-${randomBytes(6).toString('hex')}`
  try {
    await pipeline(req, createWriteStream(part, { flags: 'wx', mode: 0o600 }))
    // A body that ended before its Content-Length is a cut upload, not a shorter file.
    if (!req.complete) throw new Error('the upload was cut short')
    await rename(part, target.path)
  } catch (error) {
    await rm(part, { force: true })
    if (!res.headersSent && !res.destroyed) {
      const message = error instanceof Error ? error.message : String(error)
      sendText(res, port, 500, `Could not stage the file: ${message}`)
    }
    return
  }
  sendJson(res, port, { top: target.top })
}

function sendJson(res: ServerResponse, port: number, body: StagedAnswer): void {
  setSecurityHeaders(res, port)
  res.statusCode = 201
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(JSON.stringify(body))
}

/** Answers and closes: the refused body is not read (it may be gigabytes). */
function refuse(req: IncomingMessage, res: ServerResponse, port: number, status: number, text: string): void {
  res.setHeader('Connection', 'close')
  sendText(res, port, status, text)
  req.on('error', () => undefined)
  res.on('finish', () => req.destroy())
}
