import { z } from 'zod'
import type { AccountsSnapshot, AccountView } from '../accounts.ts'
import { accountIdSchema, addAccountInputSchema, updateAccountInputSchema } from '../accounts.ts'
import type {
  AccountInfo,
  AccountStatsEntry,
  ClonedFile,
  CreatedFolder,
  DeletedFile,
  DirectLink,
  FileCheckEntry,
  FileInfo,
  FolderListing,
} from '../api/types.ts'
import { arrivalsContract } from './arrivals-contract.ts'
import type { ChannelName } from './channels.ts'
import { type Channel, defineChannel } from './define-channel.ts'
import { downloadContract } from './download-contract.ts'
import { dragOutContract } from './drag-out-contract.ts'
import { accountScope, entryName, fileCode, folderId, httpUrl } from './fields.ts'
import { indexContract } from './index-contract.ts'
import { MAX_BATCH, MAX_STATS_DAYS } from './limits.ts'
import { localFoldersContract } from './local-folders-contract.ts'
import { previewContract } from './preview-contract.ts'
import { updatesContract } from './updates-contract.ts'
import { uploadContract } from './upload-contract.ts'
import { verifyContract } from './verify-contract.ts'
import { watchContract } from './watch-contract.ts'

/**
 * THE IPC contract: channel → input schema (parsed in main; the renderer is untrusted) and output type.
 * Adding a call: its name in channels.ts, one line here, one handler in core/app — the compiler finds the rest
 * (the `satisfies` below rejects a missing or extra channel, Handlers demands the handler, FiledockApi grows).
 *
 * Account-scoped channels act on the active account unless `accountId` names another one.
 */

export interface AppInfo {
  name: 'Filedock'
  version: string
  host: 'electron' | 'web'
  /** Node's process.platform of the host, e.g. 'linux', 'darwin', 'win32'. */
  platform: string
  /** Files can be dragged out of the window to the OS (Electron's startDrag: the dragOut.* channels). */
  dragOut: boolean
}

const none = z.strictObject({})
const scoped = z.strictObject(accountScope)
const batch = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item).min(1, `Give at least one ${what}`).max(MAX_BATCH, `At most ${MAX_BATCH} ${what}s per call`)

export const contract = {
  'app.info': defineChannel<AppInfo>()(none),

  'accounts.list': defineChannel<AccountsSnapshot>()(none),
  /** Verifies the key with the host (account/info) before anything is saved. */
  'accounts.add': defineChannel<AccountView>()(addAccountInputSchema),
  /** Rename, move to another address, or enter the key again (`needsKey`); a new key or address is verified. */
  'accounts.update': defineChannel<AccountView>()(
    z.strictObject({ id: accountIdSchema, ...updateAccountInputSchema.shape }),
  ),
  'accounts.remove': defineChannel<null>()(z.strictObject({ id: accountIdSchema })),
  'accounts.setActive': defineChannel<null>()(z.strictObject({ id: accountIdSchema })),
  /** Starts the embedded sandbox (data under the app data folder) and adds it as "Offline sandbox". */
  'accounts.tryOffline': defineChannel<AccountView>()(none),

  'account.info': defineChannel<AccountInfo>()(scoped),
  /** Per-day statistics of the last `days` days (the host's own default range without it). */
  'account.stats': defineChannel<AccountStatsEntry[]>()(
    z.strictObject({ ...accountScope, days: z.number().int().min(1).max(MAX_STATS_DAYS).optional() }),
  ),

  'folders.list': defineChannel<FolderListing>()(z.strictObject({ ...accountScope, fldId: folderId })),
  'folders.create': defineChannel<CreatedFolder>()(
    z.strictObject({ ...accountScope, parentId: folderId, name: entryName }),
  ),
  'folders.rename': defineChannel<null>()(
    z.strictObject({ ...accountScope, fldId: folderId, name: entryName }),
  ),

  'files.info': defineChannel<FileInfo[]>()(
    z.strictObject({ ...accountScope, fileCodes: batch(fileCode, 'file code') }),
  ),
  'files.rename': defineChannel<null>()(z.strictObject({ ...accountScope, fileCode, name: entryName })),
  'files.clone': defineChannel<ClonedFile>()(z.strictObject({ ...accountScope, fileCode })),
  'files.directLink': defineChannel<DirectLink>()(z.strictObject({ ...accountScope, fileCode })),
  'files.deleted': defineChannel<DeletedFile[]>()(scoped),
  'files.check': defineChannel<FileCheckEntry[]>()(
    z.strictObject({ ...accountScope, urls: batch(httpUrl, 'URL') }),
  ),

  ...indexContract,
  ...uploadContract,
  ...localFoldersContract,
  ...watchContract,
  ...downloadContract,
  ...dragOutContract,
  ...arrivalsContract,
  ...updatesContract,
  ...previewContract,
  ...verifyContract,
} as const satisfies { readonly [K in ChannelName]: Channel }

export type Contract = typeof contract
