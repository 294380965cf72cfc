import { join } from 'node:path'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { AccountStore } from '../accounts/index.ts'
import type { ApiClient } from '../api/client.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import { ConfirmedChanges } from './confirmed-changes.ts'
import { IndexService } from './index-service.ts'
import type { ScopeContext } from './query-scope.ts'

/** The index's file in the app's data folder (WAL: `-wal` and `-shm` files sit next to it). */
export const INDEX_FILE = 'file-index.sqlite'

export interface AppIndexSettings {
  /** Crawl by themselves (at start, for a new account, when stale). Default true. */
  autoCrawl?: boolean
  perPage?: number
  /**
   * A background full re-crawl at most this often; default 6 h, 0 off. A function (the user's setting) is asked
   * again whenever the settings change, so a new interval applies without a restart.
   */
  recrawlEveryMs?: number | (() => number)
  /** better-sqlite3's addon built for Electron (see native-binding.ts); absent on Node. */
  nativeBinding?: string
  /** The writer thread's bundled script (Electron); from the sources when absent (index-writer.ts). */
  writerEntry?: string
}

export interface AppIndex {
  index: IndexService
  changes: ConfirmedChanges
  scope: ScopeContext
  close(): Promise<void>
}

/**
 * The index as the app runs it: one file in the data folder, crawling the app's accounts, fed by the queue's
 * landings (from the event stream) and forgetting removed accounts.
 */
export function openAppIndex(o: {
  dataDir: string
  accounts: AccountStore
  clientFor(accountId: string): Promise<ApiClient>
  events: EventBus<AppEvent>
  settings?: AppIndexSettings | undefined
  log: (line: string) => void
}): AppIndex {
  const s = o.settings ?? {}
  const index = IndexService.open({
    file: join(o.dataDir, INDEX_FILE),
    nativeBinding: s.nativeBinding,
    writerEntry: s.writerEntry,
    clientFor: o.clientFor,
    accounts: () => o.accounts.entries().map(({ id, label }) => ({ id, label })),
    emit: (event) => o.events.emit(event),
    ...(s.perPage === undefined ? {} : { perPage: s.perPage }),
    ...(s.recrawlEveryMs === undefined ? {} : { recrawlEveryMs: s.recrawlEveryMs }),
    ...(s.autoCrawl === undefined ? {} : { autoCrawl: s.autoCrawl }),
    log: o.log,
  })
  const changes = new ConfirmedChanges(index, o.log)
  const scope: ScopeContext = {
    accountIds: () => o.accounts.entries().map((a) => a.id),
    activeId: () => o.accounts.activeId,
    key: (id) => index.acct(id),
  }
  const stopEvents = o.events.subscribe((event) => {
    if (event.type === 'queue.item' && event.item.state === 'done') void changes.uploadLanded(event.item)
    if (event.type === 'settings.changed') index.scheduleChanged()
  })
  const stopAccounts = o.accounts.onChange((change) => {
    if (change.reason === 'removed' && change.accountId !== null)
      index
        .forget(change.accountId)
        .catch((error: unknown) =>
          o.log(`Filedock: the file index kept a removed account's rows: ${String(error)}`),
        )
    if (change.reason === 'added' && s.autoCrawl !== false) index.crawlWhatIsDue()
  })
  return {
    index,
    changes,
    scope,
    async close() {
      stopEvents()
      stopAccounts()
      changes.dispose()
      await index.close()
    },
  }
}
