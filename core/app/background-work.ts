import { join } from 'node:path'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { Handlers } from '../../shared/ipc/types.ts'
import type { AccountStore } from '../accounts/index.ts'
import { openLinkHealth } from '../history/link-health-service.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import type { MirroredFolder } from '../queue/folder-mirror.ts'
import { watchHandlers } from '../watch/watch-handlers.ts'
import { WatchService } from '../watch/watch-service.ts'
import type { ClientPool } from './client-pool.ts'
import type { SettingsStore } from './settings-store.ts'
import { HISTORY_DIR, type UploadQueue } from './upload-queue.ts'

export interface BackgroundWorkOptions {
  dataDir: string
  queue: UploadQueue
  pool: ClientPool
  accounts: AccountStore
  settings: SettingsStore
  events: EventBus<AppEvent>
  log(line: string): void
  /** Each folder a watch folder made on the host, for the index (as the queue's: create-core.ts). */
  onFolderCreated?: ((folder: MirroredFolder) => void) | undefined
}

type BackgroundChannels =
  | 'app.setOpenFolder'
  | 'watch.list'
  | 'watch.add'
  | 'watch.setPaused'
  | 'watch.remove'
  | 'history.health'
  | 'history.checkLinks'
  | 'history.setCheckSchedule'
  | 'history.exportCsv'

export interface OpenFolder {
  accountId: string
  fldId: number
}

export interface BackgroundWork {
  handlers: Pick<Handlers, BackgroundChannels>
  /** Where the window says it is (app.setOpenFolder): the target of Open with / Send to. */
  openFolder(): OpenFolder | null
  close(): Promise<void>
}

/** What Filedock does without being asked each time: watch folders and the history's link checks. */
export async function openBackgroundWork(o: BackgroundWorkOptions): Promise<BackgroundWork> {
  const clientFor = async (accountId: string) => (await o.pool.get(accountId)).client
  const saved = async () => o.events.emit({ type: 'settings.changed' })
  const watches = new WatchService({
    dataDir: o.dataDir,
    rules: () => o.settings.get().watchRules,
    saveRules: async (watchRules) => {
      await o.settings.update({ watchRules })
      await saved()
    },
    engine: () => o.queue.engine(),
    clientFor,
    accountExists: (id) => o.accounts.entries().some((a) => a.id === id),
    events: o.events,
    log: o.log,
    onFolderCreated: o.onFolderCreated,
  })
  watches.start()
  const stopAccounts = o.accounts.onChange((change) => {
    if (change.reason !== 'removed' || change.accountId === null) return
    void watches
      .accountRemoved(change.accountId)
      .catch((error: unknown) =>
        o.log(`Filedock: removing the watch folders of an account: ${String(error)}`),
      )
  })
  const health = await openLinkHealth({
    historyDir: join(o.dataDir, HISTORY_DIR),
    history: o.queue.history,
    clientFor,
    checkHours: () => o.settings.get().linkCheckHours,
    saveCheckHours: async (linkCheckHours) => {
      await o.settings.update({ linkCheckHours })
      await saved()
    },
    events: o.events,
    log: o.log,
  })
  let openFolder: OpenFolder | null = null
  return {
    handlers: {
      ...watchHandlers(watches),
      ...health.handlers,
      'app.setOpenFolder': async ({ location }) => {
        openFolder = location
        return null
      },
    },
    openFolder: () => openFolder,
    async close() {
      stopAccounts()
      health.close()
      await watches.close()
    },
  }
}
