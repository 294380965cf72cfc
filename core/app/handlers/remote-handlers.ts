import pLimit from 'p-limit'
import type { FileListParams } from '../../../shared/api/types.ts'
import { type FiledockErrorData, isFiledockError } from '../../../shared/errors.ts'
import type { AppEvent } from '../../../shared/ipc/events.ts'
import type { CloneNames } from '../../../shared/ipc/settings.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import { rebaseLink } from '../../../shared/links.ts'
import type { IndexAppChanges } from '../../index/app-changes.ts'
import type { EventBus } from '../../ipc/event-bus.ts'
import { redactSecrets } from '../../logging/redact.ts'
import type { ClientPool } from '../client-pool.ts'
import { cloneNamed } from './named-clone.ts'

type RemoteChannels =
  | 'account.info'
  | 'account.stats'
  | 'folders.list'
  | 'folders.create'
  | 'folders.rename'
  | 'files.list'
  | 'files.info'
  | 'files.rename'
  | 'files.clone'
  | 'files.move'
  | 'files.directLink'
  | 'files.deleted'
  | 'files.check'

/** file/set_folder takes one file per call; a few at a time keeps a big selection quick without hammering the host. */
const MOVE_CONCURRENCY = 4

/**
 * Channels that talk to the file host, each on the active account unless `accountId` says otherwise. Changes the
 * host confirmed are written through to the account index (when it is open) so the file pane shows them at once.
 */
export function remoteHandlers(
  pool: ClientPool,
  events: EventBus<AppEvent>,
  index: IndexAppChanges | null = null,
  cloneNames: () => CloneNames = () => 'copy',
): Pick<Handlers, RemoteChannels> {
  const cloning = new Map<string, Promise<void>>()
  const filesChanged = (accountId: string, fldId: number | null) =>
    events.emit({ type: 'files.changed', accountId, fldId })
  const foldersChanged = (accountId: string, parentId: number | null) =>
    events.emit({ type: 'folders.changed', accountId, parentId })

  return {
    'account.info': async ({ accountId }) => (await pool.get(accountId)).client.accountInfo(),
    'account.stats': async ({ accountId, days }) => (await pool.get(accountId)).client.accountStats({ days }),

    'folders.list': async ({ accountId, fldId }) => (await pool.get(accountId)).client.folderList(fldId),
    'folders.create': async ({ accountId, parentId, name }) => {
      const scoped = await pool.get(accountId)
      const created = await scoped.client.folderCreate(name, parentId)
      index?.folderCreated(scoped.accountId, parentId, created.fldId, name)
      foldersChanged(scoped.accountId, parentId)
      return created
    },
    'folders.rename': async ({ accountId, fldId, name }) => {
      const scoped = await pool.get(accountId)
      await scoped.client.folderRename(fldId, name)
      index?.folderRenamed(scoped.accountId, fldId, name)
      // The folder's parent is not part of the call, so every folder listing of the account is stale.
      foldersChanged(scoped.accountId, null)
      return null
    },

    'files.list': async ({ accountId, fldId, page, perPage, name }) => {
      const params: FileListParams = { page, perPage }
      if (fldId !== undefined) params.fldId = fldId
      // An empty search box means "no filter", not "files named ''".
      if (name !== undefined && name !== '') params.name = name
      return (await pool.get(accountId)).client.fileList(params)
    },
    'files.info': async ({ accountId, fileCodes }) => (await pool.get(accountId)).client.fileInfo(fileCodes),
    'files.rename': async ({ accountId, fileCode, name }) => {
      const scoped = await pool.get(accountId)
      await scoped.client.fileRename(fileCode, name)
      index?.fileRenamed(scoped.accountId, fileCode, name)
      filesChanged(scoped.accountId, null)
      return null
    },
    'files.clone': async ({ accountId, fileCode }) => {
      const scoped = await pool.get(accountId)
      // One clone at a time per account: two picking "(copy)" at once would give the same name twice.
      const previous = cloning.get(scoped.accountId) ?? Promise.resolve()
      const run = previous.then(() => cloneNamed(scoped.client, fileCode, cloneNames()))
      cloning.set(
        scoped.accountId,
        run.then(
          () => undefined,
          () => undefined,
        ),
      )
      try {
        const { clone, renamed } = await run
        index?.fileCloned(scoped.accountId, fileCode, clone)
        if (renamed !== null) index?.fileRenamed(scoped.accountId, clone.fileCode, renamed)
        return clone
      } finally {
        // Even a copy whose rename failed exists now.
        filesChanged(scoped.accountId, null)
      }
    },
    'files.move': async ({ accountId, fileCodes, fldId }) => {
      const scoped = await pool.get(accountId)
      const limit = pLimit(MOVE_CONCURRENCY)
      const outcomes = await Promise.all(
        [...new Set(fileCodes)].map((fileCode) =>
          limit(async () => {
            try {
              await scoped.client.fileSetFolder(fileCode, fldId)
              return { fileCode, error: null }
            } catch (error) {
              // One failed file must not hide the others' success; a non-Filedock error is still a bug.
              if (!isFiledockError(error)) throw error
              const data: FiledockErrorData = error.toJSON()
              return { fileCode, error: { ...data, message: redactSecrets(data.message) } }
            }
          }),
        ),
      )
      const moved = outcomes.filter((o) => o.error === null).map((o) => o.fileCode)
      const failed = outcomes.flatMap((o) =>
        o.error === null ? [] : [{ fileCode: o.fileCode, error: o.error }],
      )
      // Source folders are not known (a selection may span several), so every file list is stale.
      if (moved.length > 0) {
        index?.filesMoved(scoped.accountId, moved, fldId)
        filesChanged(scoped.accountId, null)
      }
      return { moved, failed }
    },
    'files.directLink': async ({ accountId, fileCode }) =>
      (await pool.get(accountId)).client.directLink(fileCode),
    'files.deleted': async ({ accountId }) => {
      const scoped = await pool.get(accountId)
      const deleted = await scoped.client.filesDeleted()
      index?.filesDeleted(
        scoped.accountId,
        deleted.map((d) => d.fileCode),
      )
      return deleted
    },
    /**
     * A link on a domain the account's host used before (a link domain that moved, or its API base) is asked
     * about on the domain it uses now, which is the one it answers for; the answers keep the links as given.
     */
    'files.check': async ({ accountId, urls }) => {
      const { client } = await pool.get(accountId)
      const former = [...(client.profile.formerLinkBases ?? []), client.baseUrl]
      const answers = await client.filesCheck(urls.map((u) => rebaseLink(u, former, client.linkBase)))
      return answers.map((a, i) => ({ ...a, url: urls[i] as string }))
    },
  }
}
