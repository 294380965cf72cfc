import type { AppEvent } from '../../../shared/ipc/events.ts'
import type { CloneNames } from '../../../shared/ipc/settings.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { ConfirmedChanges } from '../../index/confirmed-changes.ts'
import type { EventBus } from '../../ipc/event-bus.ts'
import type { ClientPool } from '../client-pool.ts'
import { cloneNamed } from './named-clone.ts'

type RemoteChannels =
  | 'account.info'
  | 'account.stats'
  | 'folders.list'
  | 'folders.create'
  | 'folders.rename'
  | 'files.info'
  | 'files.rename'
  | 'files.clone'
  | 'files.directLink'
  | 'files.deleted'
  | 'files.check'

/**
 * Channels that talk to the file host, each on the active account unless `accountId` says otherwise. Changes the
 * host confirmed are written through to the account index (when it is open) and the answer waits for that write,
 * so the file pane, refetching on the answer or the events, shows them at once.
 */
export function remoteHandlers(
  pool: ClientPool,
  events: EventBus<AppEvent>,
  index: ConfirmedChanges | null = null,
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
      await index?.folderCreated(scoped.accountId, parentId, created.fldId, name)
      foldersChanged(scoped.accountId, parentId)
      return created
    },
    'folders.rename': async ({ accountId, fldId, name }) => {
      const scoped = await pool.get(accountId)
      await scoped.client.folderRename(fldId, name)
      await index?.folderRenamed(scoped.accountId, fldId, name)
      // The folder's parent is not part of the call, so every folder listing of the account is stale.
      foldersChanged(scoped.accountId, null)
      return null
    },

    'files.info': async ({ accountId, fileCodes }) => (await pool.get(accountId)).client.fileInfo(fileCodes),
    'files.rename': async ({ accountId, fileCode, name }) => {
      const scoped = await pool.get(accountId)
      await scoped.client.fileRename(fileCode, name)
      await index?.fileRenamed(scoped.accountId, fileCode, name)
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
        await index?.fileCloned(scoped.accountId, fileCode, clone)
        if (renamed !== null) await index?.fileRenamed(scoped.accountId, clone.fileCode, renamed)
        return clone
      } finally {
        // Even a copy whose rename failed exists now.
        filesChanged(scoped.accountId, null)
      }
    },
    'files.directLink': async ({ accountId, fileCode }) =>
      (await pool.get(accountId)).client.directLink(fileCode),
    'files.deleted': async ({ accountId }) => {
      const scoped = await pool.get(accountId)
      const deleted = await scoped.client.filesDeleted()
      await index?.filesDeleted(
        scoped.accountId,
        deleted.map((d) => d.fileCode),
      )
      return deleted
    },
    'files.check': async ({ accountId, urls }) => (await pool.get(accountId)).client.filesCheck(urls),
  }
}
