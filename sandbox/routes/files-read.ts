import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Ctx } from '../context.ts'
import { badParam, formatTimestamp, notFound, sendJsonText, sendOk, uploadedText } from '../envelope.ts'
import type { FileRec } from '../model.ts'
import type { Params } from '../params.ts'
import { accountFor, intParam, optionalInt, requiredParam, timestampParam } from '../params.ts'
import { listRecordJson, syncLinkBase } from '../records.ts'

export const maxInfoCodes = 100
export const defaultPerPage = 20
export const maxPerPage = 1000

/**
 * Op 8. `file_code` may list several codes separated by commas (at most 100), as real hosts accept; one record
 * per code in the order given. A code that is not an alive file of the account gets `{filecode, status: 404}`
 * inside the successful envelope, the way hosts of this family answer it (which is why records carry a status).
 */
export function fileInfo(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const codes = requiredParam(q, 'file_code')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '')
  if (codes.length === 0) throw badParam('Missing file_code')
  if (codes.length > maxInfoCodes) throw badParam(`Too many file codes: at most ${maxInfoCodes}`)
  const result = codes.map((code) => {
    const rec = ctx.store.fileOf(acct, code)
    if (!rec) return { filecode: code, status: 404 }
    const { name, size, downloads } = rec
    return { filecode: code, name, status: 200, size, uploaded: uploadedText(rec), downloads }
  })
  sendOk(res, { result })
}

/**
 * Op 9. Defaults and filters (not shown by the spec, chosen here):
 * - page: default 1, must be >= 1; per_page: default 20, must be >= 1, values above 1000 (or --max-per-page) are
 *   clamped to it, silently, as real hosts do: `results` and the files array say how many came.
 *   A page past the end is an empty `files` array with results 0.
 * - fld_id absent: files of every folder; fld_id given: only files directly in that folder (0 = root); an
 *   unknown folder is a 404 error.
 * - public: 1 = public files only, 0 = non-public only; other values are a 400 error.
 * - created: files uploaded at or after that timestamp (`YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD`, UTC).
 * - name: case-insensitive substring of the file name; empty = no filter.
 * Order: newest upload first. results_total counts every match, results the files on this page.
 * The answer has only `msg` and `result`, as the spec shows.
 */
export function fileList(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const page = intParam(q, 'page', 1)
  const perPage = Math.min(ctx.maxPerPage, intParam(q, 'per_page', defaultPerPage))
  if (page < 1) throw badParam('Invalid page: must be 1 or more')
  if (perPage < 1) throw badParam('Invalid per_page: must be 1 or more')
  const fld = optionalInt(q, 'fld_id')
  const folder = fld === undefined ? undefined : ctx.store.folderOf(acct, fld)
  if (fld !== undefined && !folder) throw notFound('Folder not found')
  const pub = optionalInt(q, 'public')
  if (pub !== undefined && pub !== 0 && pub !== 1) throw badParam('Invalid public: 0 or 1')
  const created = timestampParam(q, 'created')
  const name = (q.get('name') ?? '').toLowerCase()
  const source = folder ? folder.files : acct.files

  const skip = (page - 1) * perPage
  let picked: FileRec[]
  let total: number
  if (pub === undefined && created === undefined && name === '') {
    // No filter: the page is a slice from the end of the upload-ordered array.
    total = source.length
    const hi = Math.max(0, total - skip)
    picked = source.slice(Math.max(0, hi - perPage), hi).reverse()
  } else {
    picked = []
    total = 0
    for (let i = source.length - 1; i >= 0; i--) {
      const rec = source[i] as FileRec
      if (pub !== undefined && rec.public !== pub) continue
      if (created !== undefined && rec.uploaded < created) continue
      if (name !== '' && !rec.nameLower.includes(name)) continue
      if (total >= skip && picked.length < perPage) picked.push(rec)
      total++
    }
  }
  syncLinkBase(ctx)
  const files = picked.map((rec) => listRecordJson(ctx, rec)).join(',')
  sendJsonText(
    res,
    `{"msg":"OK","result":{"files":[${files}],"results_total":${total},"results":${picked.length}}}`,
  )
}

/** Op 13. Every deleted file of the account, most recently deleted first. */
export function filesDeleted(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const now = Date.now()
  const result = acct.deleted
    .slice()
    .reverse()
    .map((rec) => {
      const at = rec.deleted ?? now
      return {
        deleted_ago_sec: Math.max(0, Math.floor((now - at) / 1000)),
        deleted: formatTimestamp(at),
        file_code: rec.code,
        name: rec.name,
      }
    })
  sendOk(res, { result })
}
