import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Ctx } from '../context.ts'
import { commit } from '../context.ts'
import { badParam, notFound, sendOk, sendOkText } from '../envelope.ts'
import type { Account, FileRec, Folder } from '../model.ts'
import type { Params } from '../params.ts'
import { accountFor, intParam, nameParam } from '../params.ts'
import { folderRecordJson, syncLinkBase } from '../records.ts'

const byName = new Intl.Collator('en', { sensitivity: 'base' })

function folderParam(ctx: Ctx, acct: Account, q: Params, name: string, fallback?: number): Folder {
  const folder = ctx.store.folderOf(acct, intParam(q, name, fallback))
  if (!folder) throw notFound('Folder not found')
  return folder
}

/**
 * Op 15. fld_id defaults to 0 (root). Subfolders sorted by name (case-insensitive), then every file directly in
 * the folder, newest first; there is no paging (the spec shows no paging parameters).
 */
export function folderList(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const folder = folderParam(ctx, acct, q, 'fld_id', 0)
  const folders = folder.children
    .map((id) => ctx.store.folders.get(id))
    .filter((f): f is Folder => f !== undefined)
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
    .map((f) => ({ fld_id: f.id, code: null, name: f.name }))
  const files: string[] = []
  syncLinkBase(ctx)
  for (let i = folder.files.length - 1; i >= 0; i--)
    files.push(folderRecordJson(ctx, folder.files[i] as FileRec))
  sendOkText(res, `{"files":[${files.join(',')}],"folders":${JSON.stringify(folders)}}`)
}

/**
 * Op 16. parent_id defaults to 0 and must be 0 or a folder of the account. Not idempotent: creating the same
 * name twice makes two folders, as on real hosts.
 */
export async function folderCreate(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  const acct = accountFor(ctx, q)
  const name = nameParam(q)
  const parent = folderParam(ctx, acct, q, 'parent_id', 0)
  const id = ctx.store.newFolderId()
  await commit(ctx, { t: 'fld', id, acct: acct.id, parent: parent.id, name })
  sendOk(res, { result: { fld_id: id } })
}

/** Op 17. The root (0) has no name to change: a 400 error. Result is the JSON string "true". */
export async function folderRename(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  const acct = accountFor(ctx, q)
  const name = nameParam(q)
  const folder = folderParam(ctx, acct, q, 'fld_id')
  if (folder.id === 0) throw badParam('The root folder cannot be renamed')
  await commit(ctx, { t: 'fren', id: folder.id, name })
  sendOk(res, { result: 'true' })
}
