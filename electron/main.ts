import { join } from 'node:path'
import type { IntlShape } from '@formatjs/intl'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  Menu,
  Notification,
  nativeImage,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron'
import { SafeStorageSecretStore } from '../core/accounts/index.ts'
import { type Core, createCore } from '../core/app/create-core.ts'
import { APP_NAME, defaultDataDir, portableDir } from '../core/app/data-dir.ts'
import { englishIntl, intlFor } from '../core/i18n/main-intl.ts'
import { createDispatcher } from '../core/ipc/dispatcher.ts'
import { logLine } from '../core/logging/log.ts'
import { readPackageType, updateKind } from '../core/updates/update-kind.ts'
import { UpdateService } from '../core/updates/update-service.ts'
import { resolveLocale } from '../shared/i18n/locales.ts'
import { appUserModelId } from './shell/app-identity.ts'
import { APP_INDEX_URL, APP_SCHEME_PRIVILEGES, installAppProtocol } from './shell/app-protocol.ts'
import { notifyFinishedBatches } from './shell/batch-notifier.ts'
import { createDragOut } from './shell/drag-out.ts'
import { forwardEvents, installIpc } from './shell/ipc-bridge.ts'
import { menuTemplate } from './shell/menu.ts'
import { launchPaths, OpenWith } from './shell/open-with.ts'
import { createFolderPicker } from './shell/pick-folder.ts'
import { createPathPicker } from './shell/pick-paths.ts'
import { createProxyResolver } from './shell/proxy.ts'
import { createRevealer } from './shell/reveal-path.ts'
import { askWithDialog, offerSafeStorage } from './shell/secret-choice.ts'
import { allowOnlyClipboardWrite, hardenWebContents, keepCookiesOut } from './shell/security.ts'
import { shutDownInOrder } from './shell/shutdown.ts'
import { claimSingleInstance } from './shell/single-instance.ts'
import { startFailure } from './shell/start-failure.ts'
import { queueStateOf, showQueueProgress } from './shell/taskbar-progress.ts'
import { installTray } from './shell/tray.ts'
import { hasTrayHost } from './shell/tray-host.ts'
import { WINDOW_ICON_DATA_URL } from './shell/tray-icon.ts'
import { trayImage } from './shell/tray-image.ts'
import { type AppLocation, isTrustedSenderFrame } from './shell/trusted-url.ts'
import { createMainWindow } from './shell/window.ts'
import { confirmQuit, guardClose } from './shell/window-close.ts'
import { WindowKeeper } from './shell/window-keeper.ts'
import { createUpdater } from './updates/create-updater.ts'

// Wiring only: every decision lives in electron/shell/* (tested with fakes) or core/ (tested in Node).
const log = logLine

/** How long quitting waits for the core (uploads' last requests, the sandbox, the index) before it exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000

// Before `ready`: the name, and the one data folder the CLI and the browser host use too (core/app/data-dir.ts;
// package.json's productName gives Electron the same, this makes it certain); Windows' AppUserModelID, which
// notifications are attributed by; and every renderer sandboxed, whatever a window's options say.
app.setName(APP_NAME)
const dataDir = defaultDataDir()
app.setPath('userData', dataDir)
if (process.platform === 'win32') app.setAppUserModelId(appUserModelId(app.isPackaged, process.execPath))
app.enableSandbox()
// The renderer is served at filedock://app/ (app-protocol.ts), a secure origin of its own.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

const appLocation: AppLocation = { indexUrl: APP_INDEX_URL }

let core: Core | null = null
/** The app's updates (core/updates): made with the core, asked at the very end of quitting to install. */
let updates: UpdateService | null = null
let trayShown = false
let quitting = false
const cleanups: Array<{ what: string; run: () => unknown }> = []
/** Resolved once the core is up: a window asked for before that (open-file comes early on macOS) waits. */
let coreStarted: () => void = () => undefined
const started = new Promise<void>((resolve) => {
  coreStarted = resolve
})

const windows = new WindowKeeper(async () => {
  await started
  return openWindow()
})
const showWindow = () => {
  void windows.show().catch(fail)
}
const mainWindow = () => windows.current()

// Files and folders handed to Filedock by the OS (Open with, Send to, a second launch): shown in the window, and
// uploaded only when the person says so there (core/app/arrivals.ts).
const openWith = new OpenWith({
  deliver: async (paths) => {
    if (core === null) throw new Error('Filedock is closing.')
    return core.arrivals.add(paths)
  },
  showWindow,
  log,
})
// macOS hands over files as events, possibly before `ready`.
app.on('open-file', (event, path) => {
  event.preventDefault()
  openWith.open([path])
})

// Registered before anything is awaited, so no window closed or Dock click during start-up goes unanswered.
// The Dock icon (macOS) shows the window, also one hidden to the tray; closing the last window quits, except
// on macOS, where the app stays in the Dock.
app.on('activate', showWindow)
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

if (!claimSingleInstance(app, showWindow, { packaged: app.isPackaged, onPaths: (p) => openWith.open(p) })) {
  app.quit()
} else {
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, (url) => shell.openExternal(url)),
  )
  app.whenReady().then(start).then(coreStarted, fail)
}

async function start(): Promise<void> {
  installAppProtocol(protocol, join(__dirname, '..', 'renderer'))
  keepCookiesOut(session.defaultSession)
  allowOnlyClipboardWrite(session.defaultSession)
  setAppMenu()

  const proxy = createProxyResolver(session.defaultSession)
  const service = process.env.FILEDOCK_KEYCHAIN_SERVICE
  core = await createCore({
    dataDir,
    host: 'electron',
    version: app.getVersion(),
    safeStorage: new SafeStorageSecretStore(safeStorage, { dataDir }),
    httpDispatcher: proxy,
    copyToClipboard: (text) => clipboard.writeText(text),
    pickPaths: createPathPicker(dialog, mainWindow, mainText),
    pickFolder: createFolderPicker(dialog, mainWindow, mainText),
    revealPath: createRevealer(shell),
    startDrag: createDragOut({
      contents: () => mainWindow()?.webContents,
      nativeImage,
      getFileIcon: (path, options) => app.getFileIcon(path, options),
    }),
    downloadsDir: app.getPath('downloads'),
    // The OS's languages, which the 'system' language setting follows (main's tray, notifications, dialogs).
    systemLanguages: app.getPreferredSystemLanguages(),
    log,
    // The index's writer thread, bundled next to main by scripts/build-electron.mjs.
    index: { writerEntry: join(__dirname, 'index-writer.cjs') },
    // SQLite for Electron from the app's own resources (packaged) or its checkout (npm start), never the cwd.
    nativeAddon: {
      roots: [app.isPackaged ? process.resourcesPath : app.getAppPath()],
      packaged: app.isPackaged,
    },
    ...(service ? { keychainService: service } : {}),
    updates: (host) => {
      updates = new UpdateService({
        kind: updateKind({
          packaged: app.isPackaged,
          platform: process.platform,
          portableDir: portableDir(),
          appImage: process.env.APPIMAGE,
          packageType: app.isPackaged ? readPackageType(process.resourcesPath) : null,
        }),
        dataDir,
        checksOn: () => host.settings.get().checkForUpdates,
        events: host.events,
        log: host.log,
        makeUpdater: (which) => createUpdater(which, log),
        // app.quit() runs before-quit at once: `quitting` says whether the person let it go ahead.
        quit: () => {
          app.quit()
          return quitting
        },
      })
      updates.start()
      return updates
    },
  })
  const current = core
  // The app menu in the user's language, and again in the next one chosen in Settings.
  setAppMenu()
  const stopMenu = current.events.subscribe((event) => {
    if (event.type === 'settings.changed') void current.intl.settled().then(setAppMenu)
  })
  const dispatcher = createDispatcher(current.handlers, { log })
  cleanups.push(
    {
      what: 'IPC',
      run: installIpc(dispatcher, (event) => isTrustedSenderFrame(event.senderFrame, appLocation)),
    },
    { what: 'events', run: forwardEvents(current.events, () => mainWindow()?.webContents) },
    {
      what: 'taskbar progress',
      run: showQueueProgress(current.events, () => (core ? queueStateOf(core.queue) : null), mainWindow),
    },
    {
      what: 'notifications',
      run: notifyFinishedBatches(current.events, mainText, Notification, showWindow, (text) =>
        clipboard.writeText(text),
      ),
    },
    { what: 'tray', run: startTray(current, await hasTrayHost(process.platform)) },
    { what: 'app menu', run: stopMenu },
    // The core's last transfers still send through the proxy agents: they close after it.
    { what: 'the core', run: () => current.dispose() },
    { what: 'proxy connections', run: () => proxy.close() },
  )
  void afterStart(current)
}

/** What waits for the window: the paths Filedock was started with, and the keychain question. */
async function afterStart(current: Core): Promise<void> {
  await windows.show()
  const launched = launchPaths(process.argv, { packaged: app.isPackaged, cwd: process.cwd() })
  if (launched.length > 0) openWith.open(launched)
  await openWith.ready()
  const choice = await offerSafeStorage(
    current.accounts,
    process.platform === 'linux' ? () => safeStorage.getSelectedStorageBackend() : undefined,
    askWithDialog(dialog, mainWindow, mainText),
  )
  if (choice === 'switched') log('Filedock: API keys are kept in Electron safeStorage, as chosen.')
}

async function openWindow(): Promise<BrowserWindow> {
  const win = await createMainWindow({
    BrowserWindow,
    screen,
    preloadPath: join(__dirname, 'preload.cjs'),
    stateFile: join(dataDir, 'window-state.json'),
    app: appLocation,
    // Linux shows the window's own icon where no installed .desktop entry matches it (npm start).
    ...(process.platform === 'linux' ? { icon: nativeImage.createFromDataURL(WINDOW_ICON_DATA_URL) } : {}),
    log,
  })
  guardClose(win, {
    quitting: () => quitting,
    closingQuits: process.platform !== 'darwin',
    read: () => (core ? queueStateOf(core.queue) : null),
    keepInTray: () => core?.settings.get().keepRunningInTray ?? false,
    trayShown: () => trayShown,
    question: { ask: (o) => dialog.showMessageBoxSync(win, { type: 'question', ...o }) },
    text: mainText,
    confirmQuit: () => {
      quitting = true
    },
  })
  return win
}

/**
 * The tray icon. `hostSeen`: whether the desktop shows it (tray-host.ts); where it does not, closing the window
 * minimises it instead of hiding it behind an icon nobody sees.
 */
function startTray(current: Core, hostSeen: boolean): () => void {
  let tray: Tray
  try {
    tray = new Tray(trayImage(nativeImage, process.platform))
  } catch (error) {
    log(`Filedock: no tray icon on this desktop: ${String(error)}`)
    return () => undefined
  }
  trayShown = hostSeen
  const stop = installTray({
    tray,
    buildMenu: (template) => Menu.buildFromTemplate(template),
    events: current.events,
    read: () => queueStateOf(current.queue),
    pauseAll: () => current.queue.engine().pause(),
    resumeAll: () => current.queue.engine().resume(),
    copy: (text) => clipboard.writeText(text),
    open: showWindow,
    quit: () => app.quit(),
    log,
    intl: current.intl,
  })
  return () => {
    trayShown = false
    stop()
  }
}

// Quitting while uploads run asks first (they resume at the next start either way), unless the user already
// said Quit when closing the window.
app.on('before-quit', (event) => {
  if (quitting || core === null) return
  const ok = confirmQuit(
    queueStateOf(core.queue),
    { ask: (o) => dialog.showMessageBoxSync({ type: 'question', ...o }) },
    mainText,
  )
  if (!ok) {
    event.preventDefault()
    return
  }
  quitting = true
})

let shuttingDown = false
app.on('will-quit', (event) => {
  if (shuttingDown || core === null) return
  // Finish closing the uploads, the sandbox and connections before the process goes: each step guarded, the
  // whole bounded, then exit.
  event.preventDefault()
  shuttingDown = true
  core = null
  void shutDownInOrder(cleanups.splice(0), { limitMs: SHUTDOWN_LIMIT_MS, log }).finally(() => {
    // Last: the update the person agreed to ("Restart now" or "On quit") replaces the app once nothing runs.
    try {
      updates?.installOnExit()
    } catch (error) {
      log(`Filedock: updates: the install did not start: ${String(error)}`)
    }
    app.exit(0)
  })
})

/** Main's words in the user's language; English until the core (which knows the setting) has started. */
function mainText(): IntlShape {
  return core?.intl.current() ?? englishIntl
}

function setAppMenu(): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, app.isPackaged, mainText())))
}

function fail(error: unknown): void {
  log(`Filedock could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  void failureIntl().then((intl) => {
    const { title, detail } = startFailure(error, intl)
    dialog.showErrorBox(title, detail)
    app.exit(1)
  })
}

/**
 * The language to say it in: the core's when it started; else the system's (the setting is in the core's files,
 * which may be what failed), English if even that catalogue cannot be read.
 */
async function failureIntl(): Promise<IntlShape> {
  if (core) return core.intl.current()
  const locale = resolveLocale('system', app.getPreferredSystemLanguages())
  return intlFor(locale, log).catch(() => englishIntl)
}
