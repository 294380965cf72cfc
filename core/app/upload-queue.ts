import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { type FiledockError, isFiledockError } from '../../shared/errors.ts'
import type { HistoryEntry } from '../../shared/history.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { LinkFormat } from '../../shared/links.ts'
import type { QueueEvent, QueueItemView } from '../../shared/queue.ts'
import type { AccountStore } from '../accounts/index.ts'
import { HistoryStore } from '../history/history-store.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import { buildLinkPack } from '../links/build-link-pack.ts'
import { UploadEngine } from '../queue/engine.ts'
import type { FolderContents } from '../queue/folder-contents.ts'
import type { MirroredFolder } from '../queue/folder-mirror.ts'
import { createChangeCoalescer } from './change-coalescer.ts'
import type { ClientPool } from './client-pool.ts'
import type { SettingsStore } from './settings-store.ts'

export const QUEUE_DIR = 'queue'
export const HISTORY_DIR = 'history'

export interface UploadQueueOptions {
  dataDir: string
  pool: ClientPool
  accounts: AccountStore
  settings: SettingsStore
  events: EventBus<AppEvent>
  /** Electron's clipboard; absent in the browser host, where the page copies (links.ready.copied false). */
  copyToClipboard?: ((text: string) => void) | undefined
  /** What is already in a folder, for the duplicate check (the account index); the engine lists folders itself without it. */
  folderContents?: FolderContents | undefined
  /** Each folder an upload made on the host, for the account index to list at once. */
  onFolderCreated?: ((folder: MirroredFolder) => void) | undefined
  log: (line: string) => void
}

export interface UploadQueue {
  /** The engine, or the reason it is not available (its folder is open in another Filedock). */
  engine(): UploadEngine
  readonly history: HistoryStore
  /** The link pack of finished uploads (a drop's, or picked from the history) with the accounts' clients. */
  linkPack(entries: readonly HistoryEntry[], format: LinkFormat): Promise<string>
  close(): Promise<void>
}

/**
 * The transfer engine (uploads and downloads) and the upload history in the app: the queue under `<dataDir>/queue`, the history under
 * `<dataDir>/history`, the engine's events forwarded on the app's one event stream, plus what the app adds:
 * files.changed once uploads land, the link pack in the user's format (and on the clipboard when asked), and
 * cancelling the uploads of a removed account. (The browser host's staged drops are its own: web/staged-drops.ts.)
 */
export async function openUploadQueue(o: UploadQueueOptions): Promise<UploadQueue> {
  const history = await HistoryStore.open(join(o.dataDir, HISTORY_DIR))
  // Links follow the account: shown and copied from its link base now (issue 19).
  history.followLinkBases((accountId) => o.accounts.linkBaseOf(accountId))
  const settings = o.settings.get()
  let engine: UploadEngine | null = null
  let unavailable: FiledockError | null = null
  try {
    engine = await UploadEngine.open({
      dataDir: join(o.dataDir, QUEUE_DIR),
      clientFor: async (accountId) => (await o.pool.get(accountId)).client,
      accountLabel: (accountId) => o.accounts.entries().find((a) => a.id === accountId)?.label ?? accountId,
      history,
      concurrency: settings.concurrency,
      bandwidthBytesPerSec: settings.bandwidthBytesPerSec,
      downloadBytesPerSec: settings.downloadBytesPerSec,
      // Read at each poll, so a changed setting applies to URLs already being fetched too.
      remoteTimeoutMs: () => o.settings.get().remoteTimeoutMin * 60_000,
      sizeUnits: () => o.settings.get().sizeUnits,
      ...(o.folderContents === undefined ? {} : { folderContents: o.folderContents }),
      ...(o.onFolderCreated === undefined ? {} : { onFolderCreated: o.onFolderCreated }),
    })
  } catch (error) {
    // Another Filedock (the desktop app and `npm run web` on one data folder) owns the queue: everything else
    // still works, and the queue's calls say why they cannot.
    if (!isFiledockError(error)) {
      await history.close()
      throw error
    }
    unavailable = error
    o.log(`Filedock: the upload queue is not available: ${error.message}`)
  }

  const changes = createChangeCoalescer((event) => o.events.emit(event))
  let closed = false
  const background = new Set<Promise<unknown>>()
  const track = (task: Promise<unknown>) => {
    background.add(task)
    void task.finally(() => background.delete(task))
  }

  const linkPack = (entries: readonly HistoryEntry[], format: LinkFormat) =>
    buildLinkPack(
      entries,
      format,
      async (accountId) => (await o.pool.get(accountId)).client,
      o.settings.get().sizeUnits,
    )

  const announceLinks = async (event: Extract<QueueEvent, { type: 'batch.finished' }>) => {
    const { linkFormat, autoCopy } = o.settings.get()
    const { entries } = event
    const text = entries.length === 0 ? '' : await linkPack(entries, linkFormat)
    let copied = false
    if (autoCopy && text !== '' && o.copyToClipboard) {
      try {
        o.copyToClipboard(text)
        copied = true
      } catch (error) {
        o.log(`Filedock: could not copy the link pack: ${String(error)}`)
      }
    }
    o.events.emit({
      type: 'links.ready',
      batchId: event.batchId,
      format: linkFormat,
      text,
      files: entries.length,
      alreadyThere: event.alreadyThere ?? 0,
      failed: event.failed,
      cancelled: event.cancelled,
      copied,
    })
  }

  const onQueueEvent = (event: QueueEvent) => {
    o.events.emit(event)
    switch (event.type) {
      case 'queue.item':
        // A download changes nothing on the host: only uploads land.
        if (event.item.state === 'done' && event.item.direction === 'up') landed(event.item)
        return
      case 'batch.finished':
        // A batch of downloads has no links to announce: its event (with its folder) is all the window needs.
        if (event.kind === 'downloads') return
        // Landings of the batch go out before the pack, so the file list refreshes as the dialog opens.
        changes.flush()
        track(
          announceLinks(event).catch((error: unknown) =>
            o.log(`Filedock: the link pack of batch ${event.batchId} failed: ${String(error)}`),
          ),
        )
        return
    }
  }
  const landed = (item: QueueItemView) => {
    if (item.kind !== 'folder') changes.fileLanded(item.accountId, item.targetFldId)
    // A file of a dropped folder, or an empty folder of it: the mirrored tree was made for it.
    if (item.kind === 'folder' || item.relPath.includes('/')) changes.foldersCreated(item.accountId)
  }

  const stopEngineEvents = engine?.onEvent(onQueueEvent) ?? (() => undefined)
  const stopAccounts = o.accounts.onChange((change) => {
    if (change.reason === 'removed' && change.accountId !== null && engine !== null) {
      track(
        cancelAccount(engine, change.accountId).catch((error: unknown) =>
          o.log(`Filedock: could not cancel the uploads of a removed account: ${String(error)}`),
        ),
      )
    }
  })
  return {
    engine() {
      if (engine === null) {
        throw unavailable ?? translatedError({ kind: 'internal' }, TEXT.queueUnavailable)
      }
      return engine
    },
    history,
    linkPack,
    async close() {
      if (closed) return
      closed = true
      stopAccounts()
      await Promise.all(background)
      try {
        await engine?.close()
      } finally {
        stopEngineEvents()
        changes.close()
        await history.close()
      }
    },
  }
}

/** A removed account's uploads can never run: they would retry against a key that is gone. */
async function cancelAccount(engine: UploadEngine, accountId: string): Promise<void> {
  for (const item of engine.snapshot().items) {
    if (item.accountId !== accountId) continue
    if (item.state === 'done' || item.state === 'cancelled') continue
    await engine.cancel(item.id)
  }
}

const TEXT = defineMessages({
  queueUnavailable: {
    id: 'errors.app.queueUnavailable',
    defaultMessage: 'The upload queue is not available.',
  },
})
