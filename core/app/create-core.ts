import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { Handlers } from '../../shared/ipc/types.ts'
import { currentLinks } from '../../shared/links.ts'
import { AccountStore, KeyringSecretStore, type SecretStore } from '../accounts/index.ts'
import { DragCache } from '../download/drag-cache.ts'
import { environmentLanguages, MainIntl } from '../i18n/main-intl.ts'
import { indexFolderContents } from '../index/folder-contents.ts'
import { indexNotOpened } from '../index/index-service.ts'
import { chooseNativeBinding } from '../index/native-binding.ts'
import { type AppIndex, type AppIndexSettings, openAppIndex } from '../index/open-app-index.ts'
import { recrawlEveryFrom } from '../index/recrawl-setting.ts'
import { createEventBus, type EventBus } from '../ipc/event-bus.ts'
import { logLine } from '../logging/log.ts'
import { envProxyRoute } from '../net/env-proxy.ts'
import type { MirroredFolder } from '../queue/folder-mirror.ts'
import type { UpdatesPort } from '../updates/update-service.ts'
import { Arrivals } from './arrivals.ts'
import { type OpenFolder, openBackgroundWork } from './background-work.ts'
import { BatchVerifier } from './batch-verifier.ts'
import { ClientPool } from './client-pool.ts'
import { osDownloadsDir } from './download-folder.ts'
import { accountHandlers } from './handlers/account-handlers.ts'
import { appHandlers } from './handlers/app-handlers.ts'
import { appFileSources, downloadHandlers, type RevealPath } from './handlers/download-handlers.ts'
import { dragOutHandlers, type StartDrag } from './handlers/drag-out-handlers.ts'
import { indexHandlers, unavailableIndexHandlers } from './handlers/index-handlers.ts'
import { localFolderHandlers, type PickFolder } from './handlers/local-folder-handlers.ts'
import { previewHandlers } from './handlers/preview-handlers.ts'
import { remoteHandlers } from './handlers/remote-handlers.ts'
import { updateHandlers } from './handlers/update-handlers.ts'
import { type PickPaths, uploadHandlers } from './handlers/upload-handlers.ts'
import type { HttpDispatcherSource } from './http-dispatcher.ts'
import { createOfflineSandbox, type OfflineSandbox } from './offline-sandbox.ts'
import { SettingsStore } from './settings-store.ts'
import { openUploadQueue, type UploadQueue } from './upload-queue.ts'
import { createVerifyKey } from './verify-key.ts'

export interface CoreOptions {
  /** The app's data folder (accounts.json, window state, the offline sandbox's data). */
  dataDir: string
  host: 'electron' | 'web'
  version: string
  /** Where keys live; the OS keychain (service `keychainService`) by default. */
  secretStore?: SecretStore
  keychainService?: string
  /** Electron's safeStorage store, offered only as the user's explicit choice. */
  safeStorage?: SecretStore
  /** Proxy routing from Electron (per base URL); direct connections by default. */
  httpDispatcher?: HttpDispatcherSource
  /**
   * The environment whose proxy variables are the system's proxy (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY,
   * as curl reads them): the browser host passes its own. Electron's `httpDispatcher` wins where it routes.
   */
  proxyEnv?: NodeJS.ProcessEnv
  /** Electron's clipboard, for auto-copying link packs; the browser host leaves copying to the page. */
  copyToClipboard?: (text: string) => void
  /** Electron's native open dialog (dialog.pickPaths); the browser host has none. */
  pickPaths?: PickPaths
  /**
   * Shows a finished download in the file manager or opens it (downloads.reveal): Electron's shell, the browser
   * host's OS opener; absent where the host cannot (downloads.reveal then says so).
   */
  revealPath?: RevealPath
  /** The OS Downloads folder (Electron: app.getPath('downloads')); found from the environment by default. */
  downloadsDir?: string
  /** Electron's folder dialog (local.pickFolder); the browser host's page shows its own picker. */
  pickFolder?: PickFolder
  /**
   * Electron's drag of local files to the OS (webContents.startDrag), for files dragged out of the window; their
   * copies are fetched into `<dataDir>/cache/drag`. Absent: the browser host, where the page keeps its own drag.
   */
  startDrag?: StartDrag
  log?: (line: string) => void
  /** The account index's crawl settings (tests turn background crawls off). */
  index?: AppIndexSettings
  /**
   * Under Electron, where its build of SQLite may be loaded from (native/electron-<version>/ below a root): a
   * packaged app's own resources folder only, or the checkout `npm start` runs. Never the working directory: an
   * installed Filedock started from a folder holding such a file would load that code. None: no index under
   * Electron (Node loads its own build and ignores this).
   */
  nativeAddon?: { roots: readonly string[]; packaged: boolean }
  /**
   * The app's updater (Electron), made once the settings and the event stream exist: it reads whether the user
   * wants automatic checks and announces its status. None: the browser host, which has no updater.
   */
  updates?: (core: UpdatesHost) => UpdatesPort
  /**
   * Whether an uploaded file's recorded path is still the user's own file, for Verify: the browser host says no
   * for the copies of dropped files it staged (and deletes once uploaded). All paths are by default.
   */
  sourceKept?: (path: string) => boolean
  /**
   * The OS's preferred languages, best first, which the `language` setting 'system' follows (Electron:
   * app.getPreferredSystemLanguages()); the environment's (LC_ALL, LC_MESSAGES, LANG) by default.
   */
  systemLanguages?: readonly string[]
}

/** What an updater gets from the core. */
export interface UpdatesHost {
  settings: SettingsStore
  events: EventBus<AppEvent>
  log: (line: string) => void
}

export interface Core {
  handlers: Handlers
  events: EventBus<AppEvent>
  accounts: AccountStore
  /** The upload engine and history (Electron reads the totals for the taskbar progress). */
  queue: UploadQueue
  /** The user's settings (Electron reads whether closing the window keeps uploads running in the tray). */
  settings: SettingsStore
  /** Main's messages in the user's language (tray, notifications, dialogs), following the setting. */
  intl: MainIntl
  /** The folder the window shows, as it last said (Open with / Send to queue there). */
  openFolder(): OpenFolder | null
  /** Paths handed to Filedock from outside its window, waiting for the person's answer there. */
  arrivals: Arrivals
  dispose(): Promise<void>
}

/**
 * The composition root of main: the account store, an API client per account, the offline sandbox, the upload
 * queue with its history and settings, and the handlers of every contract channel, plus the event stream the
 * hosts forward to the renderer.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? logLine
  const events = createEventBus<AppEvent>()
  const system = {
    dispatcher: options.httpDispatcher,
    route: options.proxyEnv === undefined ? undefined : envProxyRoute(options.proxyEnv),
  }
  const accounts = await AccountStore.open({
    dataDir: options.dataDir,
    keychain:
      options.secretStore ??
      new KeyringSecretStore({ ...(options.keychainService ? { service: options.keychainService } : {}) }),
    safeStorage: options.safeStorage,
    verify: createVerifyKey(system),
  })
  const offline = createOfflineSandbox({ dataDir: options.dataDir, log })
  const pool = new ClientPool(accounts, offline, system, {
    log,
    onLinkBaseMoved: (accountId, move) => {
      log(`Filedock: the links of account ${accountId} moved from ${move.from} to ${move.to}`)
      events.emit({ type: 'account.linksMoved', accountId, ...move })
    },
  })
  const settings = await SettingsStore.open(options.dataDir)
  const intl = await MainIntl.open({
    setting: () => settings.get().language,
    system: options.systemLanguages ?? environmentLanguages(process.env),
    log,
  })
  // Subscribed before anything that shows main's text, so the language has changed when they hear the event.
  const stopIntl = events.subscribe((event) => {
    if (event.type === 'settings.changed') void intl.refresh()
  })
  // The index first: the upload engine's duplicate check asks it what is already in a folder.
  const appIndex = openIndex(options, accounts, pool, events, log, settings)
  // A folder the app made on the host for an upload (a dropped tree, a watch folder's sub-folder) is in the open
  // folder's list at once, not at its next check: the one way both write it, the index's confirmed changes.
  const onFolderCreated =
    appIndex instanceof FiledockError
      ? undefined
      : (f: MirroredFolder) => void appIndex.changes.folderCreated(f.accountId, f.parentId, f.fldId, f.name)
  const queue = await openUploadQueue({
    dataDir: options.dataDir,
    pool,
    accounts,
    settings,
    events,
    ...(appIndex instanceof FiledockError
      ? {}
      : {
          folderContents: indexFolderContents(appIndex.index),
          onFolderCreated,
        }),
    copyToClipboard: options.copyToClipboard,
    log,
  })

  const background = await openBackgroundWork({
    dataDir: options.dataDir,
    queue,
    pool,
    accounts,
    settings,
    events,
    log,
    onFolderCreated,
  })

  const verifier = new BatchVerifier({
    queue,
    clientFor: async (accountId) => (await pool.get(accountId)).client,
    settings,
    events,
    sourceKept: options.sourceKept,
    log,
  })

  let activeId = accounts.activeId
  const stopForwarding = accounts.onChange((change) => {
    events.emit({ type: 'accounts.changed' })
    if (change.reason === 'removed') void stopOfflineIfUnused(accounts, offline)
    if (accounts.activeId !== activeId) {
      activeId = accounts.activeId
      events.emit({ type: 'account.activeChanged', accountId: activeId })
    }
  })

  // An offline account from an earlier run gets its sandbox back now, in the background, so the first call
  // does not wait for it; if the sandbox moved to another port the account's address follows.
  void restartOffline(accounts, offline, log)

  const arrivals = new Arrivals(events)
  const updates = options.updates?.({ settings, events, log })
  const index = appIndex instanceof FiledockError ? null : { index: appIndex.index, scope: appIndex.scope }
  const dragCache =
    options.startDrag === undefined
      ? undefined
      : new DragCache({
          dir: join(options.dataDir, 'cache', 'drag'),
          clientFor: async (accountId) => (await pool.get(accountId)).client,
        })
  const handlers: Handlers = {
    ...appHandlers({ host: options.host, version: options.version, dragOut: dragCache !== undefined }),
    ...accountHandlers(accounts, offline),
    ...remoteHandlers(
      pool,
      events,
      appIndex instanceof FiledockError ? null : appIndex.changes,
      () => settings.get().cloneNames,
    ),
    ...previewHandlers(pool),
    ...(appIndex instanceof FiledockError
      ? unavailableIndexHandlers(appIndex)
      : indexHandlers({
          ...appIndex,
          pool,
          copyToClipboard: options.copyToClipboard,
          currentLinks: () => currentLinks(accounts.linkBases()),
          log,
        })),
    ...uploadHandlers({ queue, accounts, pool, settings, events, pickPaths: options.pickPaths }),
    ...downloadHandlers({
      queue,
      accounts,
      pool,
      settings,
      events,
      index,
      downloadsDir: options.downloadsDir ?? osDownloadsDir(),
      reveal: options.revealPath,
    }),
    ...dragOutHandlers({
      accounts,
      sources: appFileSources({ index, queue, pool }),
      cache: dragCache,
      startDrag: options.startDrag,
    }),
    ...localFolderHandlers({ settings, events, pickFolder: options.pickFolder }),
    ...background.handlers,
    ...verifier.handlers(),
    ...arrivals.handlers(),
    ...updateHandlers(updates),
  }

  return {
    handlers,
    events,
    accounts,
    queue,
    settings,
    intl,
    openFolder: () => background.openFolder(),
    arrivals,
    async dispose() {
      stopForwarding()
      stopIntl()
      updates?.stop()
      // Watches first: they feed the queue. Then the queue: its transfers use the pool's clients and may need
      // the offline sandbox.
      await background
        .close()
        .catch((error: unknown) => log(`Filedock: stopping the watch folders: ${String(error)}`))
      await verifier.close()
      dragCache?.close()
      await queue
        .close()
        .catch((error: unknown) => log(`Filedock: closing the upload queue: ${String(error)}`))
      if (!(appIndex instanceof FiledockError)) {
        await appIndex
          .close()
          .catch((error: unknown) => log(`Filedock: closing the file index: ${String(error)}`))
      }
      pool.dispose()
      await offline.dispose()
    },
  }
}

/**
 * The account index, or why there is none: under Electron without its own build of SQLite the rest of the app
 * still works, and the index's channels say what to run.
 */
function openIndex(
  options: CoreOptions,
  accounts: AccountStore,
  pool: ClientPool,
  events: EventBus<AppEvent>,
  log: (line: string) => void,
  settings: SettingsStore,
): AppIndex | FiledockError {
  const binding = chooseNativeBinding(process.versions, options.nativeAddon?.roots ?? [])
  if (binding.problem !== null) {
    // A packaged app has no build script to run: it was shipped incomplete (npm run dist refuses to).
    // Only a developer meets the other problem (a build step not run): it stays in English.
    const problem = options.nativeAddon?.packaged
      ? translatedError({ kind: 'internal' }, TEXT.incompletePackage, {
          electron: process.versions.electron ?? '',
        })
      : new FiledockError({ kind: 'internal', message: binding.problem })
    log(`Filedock: ${problem.message}`)
    return problem
  }
  try {
    return openAppIndex({
      dataDir: options.dataDir,
      accounts,
      clientFor: async (id) => (await pool.get(id)).client,
      events,
      // The user's re-crawl interval, unless the caller (a test) fixes one.
      settings: {
        recrawlEveryMs: recrawlEveryFrom(settings),
        ...options.index,
        ...(binding.path === undefined ? {} : { nativeBinding: binding.path }),
      },
      log,
    })
  } catch (error) {
    const problem = indexNotOpened(error)
    log(`Filedock: ${problem.message}`)
    return problem
  }
}

async function restartOffline(accounts: AccountStore, offline: OfflineSandbox, log: (line: string) => void) {
  try {
    const account = (await accounts.list()).find((a) => a.offline)
    if (account === undefined) return
    const { baseUrl } = await offline.ensure()
    if (account.baseUrl !== baseUrl && !account.needsKey) await accounts.update(account.id, { baseUrl })
  } catch (error) {
    log(
      `Filedock: the offline sandbox did not restart: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

/** Nobody should find a server still listening for an account they removed. */
async function stopOfflineIfUnused(accounts: AccountStore, offline: OfflineSandbox): Promise<void> {
  if (!(await accounts.list()).some((a) => a.offline)) await offline.stop()
}

const TEXT = defineMessages({
  incompletePackage: {
    id: 'errors.index.incompletePackage',
    defaultMessage:
      "This Filedock was packaged without the file index's SQLite for Electron {electron}: install a complete release.",
  },
})
