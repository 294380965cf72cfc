import { defineMessage, type MessageDescriptor } from '@formatjs/intl'
import type { ApiClient } from '../core/api/client.ts'

/**
 * The 17 operations of the spec as `filedock api` exposes them: the spec's path and parameter names, each mapped to
 * one ApiClient call. Op 4 has no path of its own (it POSTs to the {upload_url} from upload/server), so it is
 * `upload/file` here; ops 5 and 6 share `upload/url` and are told apart by --url / --file_code.
 */

export type ParamKind = 'string' | 'int' | 'strings'

export interface ParamSpec {
  name: string
  kind: ParamKind
  required?: boolean
  help: string
}

export type Args = Record<string, string | number | string[] | undefined>

export interface OperationSpec {
  id: number
  path: string
  summary: MessageDescriptor
  params: ParamSpec[]
  run(client: ApiClient, args: Args, signal: AbortSignal): Promise<unknown>
}

const code: ParamSpec = { name: 'file_code', kind: 'string', required: true, help: 'file code' }
const str = (a: Args, k: string) => a[k] as string
const int = (a: Args, k: string) => a[k] as number
const opt = (a: Args, k: string) => a[k] as number | undefined

export const operations: OperationSpec[] = [
  {
    id: 1,
    path: 'account/info',
    summary: defineMessage({ id: 'cli.api.summary.accountInfo', defaultMessage: 'account information' }),
    params: [],
    run: (c, _a, signal) => c.accountInfo({ signal }),
  },
  {
    id: 2,
    path: 'account/stats',
    summary: defineMessage({ id: 'cli.api.summary.accountStats', defaultMessage: 'account statistics' }),
    params: [],
    run: (c, _a, signal) => c.accountStats({ signal }),
  },
  {
    id: 3,
    path: 'upload/server',
    summary: defineMessage({
      id: 'cli.api.summary.uploadServer',
      defaultMessage: 'get an upload server and session',
    }),
    params: [],
    run: (c, _a, signal) => c.uploadServer({ signal }),
  },
  {
    id: 4,
    path: 'upload/file',
    summary: defineMessage({
      id: 'cli.api.summary.uploadFile',
      defaultMessage: 'POST a file to an upload server (see upload/server)',
    }),
    params: [
      {
        name: 'upload_url',
        kind: 'string',
        required: true,
        help: 'upload server address from upload/server',
      },
      { name: 'sess_id', kind: 'string', required: true, help: 'session id from upload/server' },
      { name: 'file_0', kind: 'string', required: true, help: 'path of the file to upload' },
      { name: 'utype', kind: 'string', help: 'upload type (default prem)' },
    ],
    run: (c, a, signal) => {
      const utype = a.utype as string | undefined
      return c.uploadFile({ uploadUrl: str(a, 'upload_url'), sessId: str(a, 'sess_id') }, str(a, 'file_0'), {
        signal,
        ...(utype !== undefined ? { utype } : {}),
      })
    },
  },
  {
    id: 5,
    path: 'upload/url',
    summary: defineMessage({
      id: 'cli.api.summary.uploadUrl',
      defaultMessage: 'ask the host to fetch a remote URL',
    }),
    params: [
      { name: 'url', kind: 'string', required: true, help: 'remote file URL' },
      { name: 'folder', kind: 'int', help: 'folder id (default 0)' },
    ],
    run: (c, a, signal) => c.uploadRemote(str(a, 'url'), opt(a, 'folder') ?? 0, { signal }),
  },
  {
    id: 6,
    path: 'upload/url',
    summary: defineMessage({
      id: 'cli.api.summary.uploadUrlByCode',
      defaultMessage: 'remote upload by file code',
    }),
    params: [code],
    run: (c, a, signal) => c.uploadRemoteStatus(str(a, 'file_code'), { signal }),
  },
  {
    id: 7,
    path: 'file/direct_link',
    summary: defineMessage({ id: 'cli.api.summary.fileDirectLink', defaultMessage: 'direct download link' }),
    params: [code],
    run: (c, a, signal) => c.directLink(str(a, 'file_code'), { signal }),
  },
  {
    id: 8,
    path: 'file/info',
    summary: defineMessage({
      id: 'cli.api.summary.fileInfo',
      defaultMessage: 'file information (repeat --file_code for several)',
    }),
    params: [{ name: 'file_code', kind: 'strings', required: true, help: 'file code, repeatable' }],
    run: (c, a, signal) => c.fileInfo(a.file_code as string[], { signal }),
  },
  {
    id: 9,
    path: 'file/list',
    summary: defineMessage({ id: 'cli.api.summary.fileList', defaultMessage: 'list files' }),
    params: [
      { name: 'page', kind: 'int', help: 'page number' },
      { name: 'per_page', kind: 'int', help: 'files per page' },
      { name: 'fld_id', kind: 'int', help: 'folder id' },
      { name: 'public', kind: 'int', help: 'public flag (1)' },
      { name: 'created', kind: 'string', help: 'timestamp, YYYY-MM-DD [HH:MM:SS]' },
      { name: 'name', kind: 'string', help: 'name filter' },
    ],
    run: (c, a, signal) => {
      const p: Parameters<ApiClient['fileList']>[0] = {}
      if (a.page !== undefined) p.page = int(a, 'page')
      if (a.per_page !== undefined) p.perPage = int(a, 'per_page')
      if (a.fld_id !== undefined) p.fldId = int(a, 'fld_id')
      if (a.public !== undefined) p.public = int(a, 'public')
      if (a.created !== undefined) p.created = str(a, 'created')
      if (a.name !== undefined) p.name = str(a, 'name')
      return c.fileList(p, { signal })
    },
  },
  {
    id: 10,
    path: 'file/rename',
    summary: defineMessage({ id: 'cli.api.summary.fileRename', defaultMessage: 'rename a file' }),
    params: [code, { name: 'name', kind: 'string', required: true, help: 'new name' }],
    run: (c, a, signal) => c.fileRename(str(a, 'file_code'), str(a, 'name'), { signal }),
  },
  {
    id: 11,
    path: 'file/clone',
    summary: defineMessage({ id: 'cli.api.summary.fileClone', defaultMessage: 'copy a file' }),
    params: [code],
    run: (c, a, signal) => c.fileClone(str(a, 'file_code'), { signal }),
  },
  {
    id: 12,
    path: 'file/set_folder',
    summary: defineMessage({
      id: 'cli.api.summary.fileSetFolder',
      defaultMessage: 'move a file to a folder',
    }),
    params: [code, { name: 'fld_id', kind: 'int', required: true, help: 'target folder id (0 = root)' }],
    run: (c, a, signal) => c.fileSetFolder(str(a, 'file_code'), int(a, 'fld_id'), { signal }),
  },
  {
    id: 13,
    path: 'files/deleted',
    summary: defineMessage({ id: 'cli.api.summary.filesDeleted', defaultMessage: 'recently deleted files' }),
    params: [],
    run: (c, _a, signal) => c.filesDeleted({ signal }),
  },
  {
    id: 14,
    path: 'files/check',
    summary: defineMessage({
      id: 'cli.api.summary.filesCheck',
      defaultMessage: 'check whether file URLs exist (repeat --url)',
    }),
    params: [
      {
        name: 'url',
        kind: 'strings',
        required: true,
        help: 'file URL, repeatable (sent as url_0, url_1, …)',
      },
    ],
    run: (c, a, signal) => c.filesCheck(a.url as string[], { signal }),
  },
  {
    id: 15,
    path: 'folder/list',
    summary: defineMessage({ id: 'cli.api.summary.folderList', defaultMessage: 'list a folder' }),
    params: [{ name: 'fld_id', kind: 'int', help: 'folder id (default 0 = root)' }],
    run: (c, a, signal) => c.folderList(opt(a, 'fld_id') ?? 0, { signal }),
  },
  {
    id: 16,
    path: 'folder/create',
    summary: defineMessage({ id: 'cli.api.summary.folderCreate', defaultMessage: 'create a folder' }),
    params: [
      { name: 'name', kind: 'string', required: true, help: 'folder name' },
      { name: 'parent_id', kind: 'int', help: 'parent folder id (default 0 = root)' },
    ],
    run: (c, a, signal) => c.folderCreate(str(a, 'name'), opt(a, 'parent_id') ?? 0, { signal }),
  },
  {
    id: 17,
    path: 'folder/rename',
    summary: defineMessage({ id: 'cli.api.summary.folderRename', defaultMessage: 'rename a folder' }),
    params: [
      { name: 'fld_id', kind: 'int', required: true, help: 'folder id' },
      { name: 'name', kind: 'string', required: true, help: 'new name' },
    ],
    run: (c, a, signal) => c.folderRename(int(a, 'fld_id'), str(a, 'name'), { signal }),
  },
]

/** All operations with this path (two for upload/url). */
export function operationsAt(path: string): OperationSpec[] {
  const p = path.replace(/^\/?(api\/)?/, '').replace(/\/+$/, '')
  return operations.filter((o) => o.path === p)
}

/** `--name VALUE` usage of one operation, e.g. `file/rename --file_code CODE --name NAME`. */
export function usageOf(op: OperationSpec): string {
  const parts = op.params.map((p) => {
    const flag = `--${p.name} ${p.kind === 'int' ? 'N' : p.name.toUpperCase()}${p.kind === 'strings' ? '…' : ''}`
    return p.required ? flag : `[${flag}]`
  })
  return [op.path, ...parts].join(' ')
}
