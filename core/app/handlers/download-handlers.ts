import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import type { DownloadRequest } from '../../../shared/downloads.ts'
import { translatedError } from '../../../shared/i18n/error-text.ts'
import type { downloadContract } from '../../../shared/ipc/download-contract.ts'
import type { AppEvent } from '../../../shared/ipc/events.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { AccountStore } from '../../accounts/index.ts'
import { hostFilesFromApi, type ResolvedFiles } from '../../download/host-files.ts'
import type { EventBus } from '../../ipc/event-bus.ts'
import {
  checkDownloadFolder,
  type DownloadPlan,
  planDownloads,
  planSummary,
} from '../../queue/download-plan.ts'
import type { ClientPool } from '../client-pool.ts'
import { type DownloadFileSources, downloadFiles, type IndexSource } from '../download-files.ts'
import { DOWNLOAD_SUBFOLDER } from '../download-folder.ts'
import { RecentRequest } from '../recent-plans.ts'
import type { SettingsStore } from '../settings-store.ts'
import type { UploadQueue } from '../upload-queue.ts'

type DownloadChannels = keyof typeof downloadContract

/**
 * Shows a path in the OS's file manager (`folder`) or opens it with its default application (`open`): Electron's
 * shell.showItemInFolder / openPath, the browser host's OS opener (web/open-path.ts). Rejects with the reason.
 */
export type RevealPath = (path: string, how: 'folder' | 'open') => Promise<void>

/** The operation of the error a host without a way to open files answers with. */
export const NO_REVEAL = 'downloads.reveal'

export interface DownloadHandlerDeps {
  queue: UploadQueue
  accounts: AccountStore
  pool: ClientPool
  settings: SettingsStore
  events: EventBus<AppEvent>
  /** The account index; null when it could not open. */
  index: IndexSource | null
  /** The OS Downloads folder (core/app/download-folder.ts, or Electron's app.getPath('downloads')). */
  downloadsDir: string
  reveal?: RevealPath | undefined
}

/** Where the app reads a download's files from (download-files.ts): downloads and drags out of the window. */
export function appFileSources(
  d: Pick<DownloadHandlerDeps, 'index' | 'queue' | 'pool'>,
): DownloadFileSources {
  return {
    index: d.index,
    history: d.queue.history,
    client: async (accountId) => (await d.pool.get(accountId)).client,
    fromApi: (client, accountId, what) => hostFilesFromApi(client, accountId, what),
  }
}

export function downloadHandlers(d: DownloadHandlerDeps): Pick<Handlers, DownloadChannels> {
  const sources = appFileSources(d)
  const recent = new RecentRequest<ResolvedFiles, DownloadPlan>()
  const plan = async (r: DownloadRequest): Promise<DownloadPlan> => {
    // An account the app does not have is refused by name, before anything is read.
    await d.accounts.get(r.accountId)
    await checkDownloadFolder(r.to)
    const { files, problems } = await recent.files(r, () => downloadFiles(r, sources))
    return planDownloads({ files, dir: r.to, onConflict: r.onConflict, problems })
  }

  return {
    'downloads.plan': async (r) => {
      const planned = await plan(r)
      recent.keepPlan(r, planned)
      return planSummary(planned)
    },
    'downloads.start': async (r) => {
      const planned = recent.takePlan(r) ?? (await plan(r))
      recent.forget()
      const { batchId } = await d.queue.engine().enqueueDownloads(planned)
      // Remembered where THE folder picker remembers its choices: one memory of the download folder.
      const lastFolders = d.settings.get().lastFolders
      if (lastFolders.downloads !== r.to) {
        await d.settings.update({ lastFolders: { ...lastFolders, downloads: r.to } })
        d.events.emit({ type: 'settings.changed' })
      }
      return { batchId, plan: planSummary(planned) }
    },
    'downloads.folder': async () => {
      const remembered = d.settings.get().lastFolders.downloads
      return remembered === undefined
        ? { path: join(d.downloadsDir, DOWNLOAD_SUBFOLDER), remembered: false }
        : { path: remembered, remembered: true }
    },
    'downloads.reveal': async ({ itemId, batchId, how }) => {
      const path = d.queue.engine().downloadedPath({ itemId, batchId })
      if (path === null) throw translatedError({ kind: 'not_found' }, TEXT.notFinished)
      if ((await stat(path).catch(() => null)) === null)
        throw translatedError({ kind: 'not_found' }, TEXT.gone, { path })
      if (d.reveal === undefined)
        throw translatedError({ kind: 'not_found', operation: NO_REVEAL }, TEXT.noReveal)
      await d.reveal(path, how)
      return { path }
    },
  }
}

const TEXT = defineMessages({
  notFinished: {
    id: 'errors.download.notFinished',
    defaultMessage: 'That download is not finished, or no longer in the list of transfers.',
  },
  gone: {
    id: 'errors.download.fileGone',
    defaultMessage: '{path} is no longer there: it was moved or deleted after the download.',
  },
  noReveal: {
    id: 'errors.app.noReveal',
    defaultMessage: 'This host cannot open files or folders on this computer.',
  },
})
