import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Ctx } from '../context.ts'
import type { Params } from '../params.ts'
import { accountInfo, accountStats } from './account.ts'
import { adminCreateAccount, adminDeleteFile, adminDownloads, adminFaults } from './admin.ts'
import { directLink } from './direct-link.ts'
import { fileInfo, fileList, filesDeleted } from './files-read.ts'
import { fileClone, fileRename, fileSetFolder } from './files-write.ts'
import { folderCreate, folderList, folderRename } from './folders.ts'
import { uploadUrl } from './remote.ts'
import { uploadServer } from './upload.ts'

export type GetHandler = (
  ctx: Ctx,
  req: IncomingMessage,
  res: ServerResponse,
  q: Params,
) => void | Promise<void>

/** The spec's GET operations (files/check is POST and routed on its own), keyed by path. */
export const apiGets: Record<string, GetHandler> = {
  '/api/account/info': accountInfo,
  '/api/account/stats': accountStats,
  '/api/upload/server': uploadServer,
  '/api/upload/url': uploadUrl,
  '/api/file/direct_link': directLink,
  '/api/file/info': fileInfo,
  '/api/file/list': fileList,
  '/api/file/rename': fileRename,
  '/api/file/clone': fileClone,
  '/api/file/set_folder': fileSetFolder,
  '/api/files/deleted': filesDeleted,
  '/api/folder/list': folderList,
  '/api/folder/create': folderCreate,
  '/api/folder/rename': folderRename,
}

export const sandboxGets: Record<string, GetHandler> = {
  '/sandbox/file/delete': adminDeleteFile,
  '/sandbox/faults': adminFaults,
  '/sandbox/account/create': adminCreateAccount,
  '/sandbox/downloads': adminDownloads,
}
