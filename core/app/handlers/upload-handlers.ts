import { defineMessages } from '@formatjs/intl'
import type { HistoryEntry, HistoryQuery } from '../../../shared/history.ts'
import { HISTORY_MAX_LIMIT } from '../../../shared/history.ts'
import { translatedError } from '../../../shared/i18n/error-text.ts'
import { NO_NATIVE_DIALOG } from '../../../shared/ipc/channels.ts'
import type { AppEvent } from '../../../shared/ipc/events.ts'
import type { AppSettings } from '../../../shared/ipc/settings.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { uploadContract } from '../../../shared/ipc/upload-contract.ts'
import type { AccountStore } from '../../accounts/index.ts'
import type { EventBus } from '../../ipc/event-bus.ts'
import { probeUrls } from '../../queue/remote-probe.ts'
import type { ClientPool } from '../client-pool.ts'
import type { SettingsStore } from '../settings-store.ts'
import type { UploadQueue } from '../upload-queue.ts'

type UploadChannels = keyof typeof uploadContract

/** The native open dialog, injected by the Electron host. */
export type PickPaths = (kind: 'files' | 'folder') => Promise<string[]>

export interface UploadHandlerDeps {
  queue: UploadQueue
  accounts: AccountStore
  pool: ClientPool
  settings: SettingsStore
  events: EventBus<AppEvent>
  pickPaths?: PickPaths | undefined
}

export function uploadHandlers(d: UploadHandlerDeps): Pick<Handlers, UploadChannels> {
  const engine = () => d.queue.engine()
  const saveSettings = async (patch: Partial<AppSettings>) => {
    const next = await d.settings.update(patch)
    d.events.emit({ type: 'settings.changed' })
    return next
  }
  // The engine would queue for an unknown account and fail each item later; say so now instead.
  const checkAccounts = async (targets: readonly { accountId: string }[]) => {
    for (const t of targets) await d.accounts.get(t.accountId)
  }

  return {
    'queue.snapshot': async () => engine().snapshot(),
    'queue.enqueuePaths': async (drop) => {
      await checkAccounts(drop.targets)
      return engine().enqueuePaths(drop)
    },
    'queue.countAlreadyThere': async (drop) => {
      await checkAccounts(drop.targets)
      return engine().countAlreadyThere(drop)
    },
    'queue.checkUrls': async ({ urls }) =>
      d.settings.get().checkUrls
        ? { checked: true, results: await probeUrls(urls) }
        : { checked: false, results: [] },
    'queue.enqueueUrls': async ({ urls, targets, webPages }) => {
      await checkAccounts(targets)
      return engine().enqueueUrls({
        urls,
        targets,
        // Checked again here even after queue.checkUrls: a URL may have died since, and any caller gets the check.
        ...(d.settings.get().checkUrls ? { check: { webPages: webPages ?? 'skip' } } : {}),
      })
    },
    'queue.pause': async ({ itemId, stopNow }) => {
      await engine().pause(itemId, stopNow === true ? { stopNow } : {})
      return null
    },
    'queue.resume': async ({ itemId }) => {
      await engine().resume(itemId)
      return null
    },
    'queue.cancel': async ({ itemId }) => {
      await engine().cancel(itemId)
      return null
    },
    'queue.retryFailed': async ({ itemIds }) => engine().retryFailed(itemIds),
    'queue.clearFinished': async () => engine().clearFinished(),
    'queue.setConcurrency': async ({ n }) => {
      engine().setConcurrency(n)
      await saveSettings({ concurrency: n })
      return null
    },
    'queue.setBandwidthLimit': async ({ bytesPerSec, direction }) => {
      engine().setBandwidthLimit(bytesPerSec, direction ?? 'up')
      await saveSettings(
        direction === 'down' ? { downloadBytesPerSec: bytesPerSec } : { bandwidthBytesPerSec: bytesPerSec },
      )
      return null
    },

    'history.search': async ({ text, accountId, limit, offset }) => {
      const query: HistoryQuery = { limit, offset }
      if (text !== undefined) query.text = text
      if (accountId !== undefined) query.accountId = accountId
      return d.queue.history.search(query)
    },

    'links.pack': async ({ batchId, entryIds, format }) => {
      const entries =
        batchId !== undefined ? d.queue.history.byBatch(batchId) : findEntries(d.queue, entryIds ?? [])
      if (entries.length === 0) {
        throw translatedError({ kind: 'not_found' }, TEXT.noFinishedUploads)
      }
      return d.queue.linkPack(entries, format)
    },

    'settings.get': async () => d.settings.get(),
    // Every field settingsPatchSchema lets through is saved as given; fields left out keep their value.
    'settings.update': async (patch) =>
      saveSettings(
        Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<AppSettings>,
      ),

    'dialog.pickPaths': async ({ kind }) => {
      if (d.pickPaths === undefined) {
        throw translatedError({ kind: 'not_found', operation: NO_NATIVE_DIALOG }, TEXT.noFileDialog)
      }
      return d.pickPaths(kind)
    },
  }
}

/**
 * History entries by id, in the order asked. The history store looks records up by batch or by search only, so
 * this pages through it (newest first) until every id is found: O(history) for a rare, bounded request.
 */
function findEntries(queue: UploadQueue, ids: readonly string[]): HistoryEntry[] {
  const wanted = new Set(ids)
  const found = new Map<string, HistoryEntry>()
  for (let offset = 0; found.size < wanted.size; offset += HISTORY_MAX_LIMIT) {
    const page = queue.history.search({ limit: HISTORY_MAX_LIMIT, offset })
    for (const entry of page) if (wanted.has(entry.id)) found.set(entry.id, entry)
    if (page.length < HISTORY_MAX_LIMIT) break
  }
  return ids.flatMap((id) => {
    const entry = found.get(id)
    return entry ? [entry] : []
  })
}

const TEXT = defineMessages({
  noFinishedUploads: {
    id: 'errors.app.noFinishedUploads',
    defaultMessage: 'No finished uploads to list: the upload history has none of them.',
  },
  noFileDialog: {
    id: 'errors.app.noFileDialog',
    defaultMessage: 'This host has no native file dialog: pick files with the browser, or add them by path.',
  },
})
