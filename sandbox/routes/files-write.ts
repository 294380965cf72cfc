import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomFileCode } from '../codes.ts'
import type { Ctx } from '../context.ts'
import { commit } from '../context.ts'
import { ApiError, notFound, sendOk } from '../envelope.ts'
import type { Account, FileRec } from '../model.ts'
import type { Params } from '../params.ts'
import { accountFor, intParam, nameParam, requiredParam } from '../params.ts'
import { linkBase } from '../records.ts'

function ownFile(ctx: Ctx, acct: Account, q: Params): FileRec {
  const rec = ctx.store.fileOf(acct, requiredParam(q, 'file_code'))
  if (!rec) throw notFound('File not found')
  return rec
}

/** Op 10. Result is the JSON string "true". */
export async function fileRename(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  const acct = accountFor(ctx, q)
  const name = nameParam(q)
  const rec = ownFile(ctx, acct, q)
  await commit(ctx, { t: 'ren', code: rec.code, name })
  sendOk(res, { result: 'true' })
}

/**
 * Op 11. The copy gets a new code, the same name and content (the blob is shared, not copied), zero downloads,
 * the current upload time, and lands in the root folder (fld_id 0) whatever the original's folder. It counts
 * against the quota like an upload.
 */
export async function fileClone(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  const acct = accountFor(ctx, q)
  const rec = ownFile(ctx, acct, q)
  if (acct.quota !== null && acct.used + rec.size > acct.quota) {
    throw new ApiError(400, 'Not enough storage space on the account')
  }
  let code = randomFileCode()
  while (ctx.store.files.has(code)) code = randomFileCode()
  const { name, size, blob, virt } = rec
  await commit(ctx, { t: 'file', code, acct: acct.id, name, size, fld: 0, at: Date.now(), blob, virt })
  sendOk(res, { result: { url: `${linkBase(ctx)}/${code}`, filecode: code } })
}

/** Op 12. fld_id is required and must be 0 (root) or a folder of the account. No result member. */
export async function fileSetFolder(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  const acct = accountFor(ctx, q)
  const fld = intParam(q, 'fld_id')
  const rec = ownFile(ctx, acct, q)
  if (!ctx.store.folderOf(acct, fld)) throw notFound('Folder not found')
  await commit(ctx, { t: 'mv', code: rec.code, fld })
  sendOk(res)
}
