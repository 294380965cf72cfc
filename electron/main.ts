import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  Menu,
  Notification,
  nativeImage,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron'
import { SafeStorageSecretStore } from '../core/accounts/index.ts'
import { type Core, createCore } from '../core/app/create-core.ts'
import { APP_NAME } from '../core/app/data-dir.ts'
import { createDispatcher } from '../core/ipc/dispatcher.ts'
import { logLine } from '../core/logging/log.ts'
import { notifyFinishedBatches } from './shell/batch-notifier.ts'
import { forwardEvents, installIpc } from './shell/ipc-bridge.ts'
import { menuTemplate } from './shell/menu.ts'
import { launchPaths, OpenWith } from './shell/open-with.ts'
import { createPathPicker } from './shell/pick-paths.ts'
import { createProxyResolver } from './shell/proxy.ts'
import { createRevealer } from './shell/reveal-path.ts'
import { askWithDialog, offerSafeStorage } from './shell/secret-choice.ts'
import { denyAllPermissions, hardenWebContents, installContentSecurityPolicy } from './shell/security.ts'
import { bringToFront, claimSingleInstance } from './shell/single-instance.ts'
import { queueStateOf, showQueueProgress } from './shell/taskbar-progress.ts'
import { installTray } from './shell/tray.ts'
import { TRAY_ICON_DATA_URL } from './shell/tray-icon.ts'
import { type AppLocation, isTrustedSenderFrame } from './shell/trusted-url.ts'
import { createMainWindow } from './shell/window.ts'
import { confirmQuit, keepRunningOnClose } from './shell/window-close.ts'

// Wiring only: every decision lives in electron/shell/* (tested with fakes) or core/ (tested in Node).
const log = logLine

// Before `ready`: the name fixes the data folder (…/Filedock, shared with `npm run web`), and every renderer
// is sandboxed, whatever a window's options say.
app.setName(APP_NAME)
app.enableSandbox()

const appLocation: AppLocation = {
  indexUrl: pathToFileURL(join(__dirname, '..', 'renderer', 'index.html')).href,
  devServerUrl: app.isPackaged ? undefined : process.env.FILEDOCK_DEV_SERVER_URL,
}

let mainWindow: BrowserWindow | null = null
let core: Core | null = null
let hasTray = false
let quitting = false
const cleanups: Array<() => unknown> = []

// Files and folders handed to Filedock by the OS (Open with, Send to, a second launch): queued like a drop into
// the folder the window shows (app.setOpenFolder), else the active account's root.
const openWith = new OpenWith({
  target: () => {
    const accountId = core?.accounts.activeId ?? null
    if (accountId === null) return null
    const open = core?.openFolder() ?? null
    return { accountId, fldId: open?.accountId === accountId ? open.fldId : 0 }
  },
  enqueue: async (paths, target) => {
    if (core === null) throw new Error('Filedock is closing.')
    return core.queue.engine().enqueuePaths({ paths, targets: [target] })
  },
  notify: (title, body) => {
    if (Notification.isSupported()) new Notification({ title, body }).show()
  },
  focusWindow: () => bringToFront(mainWindow),
  log,
})
// macOS hands over files as events, possibly before `ready`.
app.on('open-file', (event, path) => {
  event.preventDefault()
  openWith.open([path])
})

if (
  !claimSingleInstance(app, () => mainWindow, { packaged: app.isPackaged, onPaths: (p) => openWith.open(p) })
) {
  app.quit()
} else {
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, (url) => shell.openExternal(url)),
  )
  app.whenReady().then(start, fail)
}

async function start(): Promise<void> {
  const dataDir = process.env.FILEDOCK_DATA_DIR ?? app.getPath('userData')
  installContentSecurityPolicy(session.defaultSession)
  denyAllPermissions(session.defaultSession)
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, app.isPackaged)))

  const proxy = createProxyResolver(session.defaultSession)
  const service = process.env.FILEDOCK_KEYCHAIN_SERVICE
  core = await createCore({
    dataDir,
    host: 'electron',
    version: app.getVersion(),
    safeStorage: new SafeStorageSecretStore(safeStorage, { dataDir }),
    httpDispatcher: proxy,
    copyToClipboard: (text) => clipboard.writeText(text),
    pickPaths: createPathPicker(dialog, () => mainWindow),
    revealPath: createRevealer(shell),
    downloadsDir: app.getPath('downloads'),
    log,
    // The index's folder writer thread, bundled next to main by scripts/build-electron.mjs.
    index: { folderWriterEntry: join(__dirname, 'folder-writer.cjs') },
    ...(service ? { keychainService: service } : {}),
  })
  const dispatcher = createDispatcher(core.handlers, { log })
  cleanups.push(
    installIpc(dispatcher, (event) => isTrustedSenderFrame(event.senderFrame, appLocation)),
    forwardEvents(core.events, () => mainWindow?.webContents),
    showQueueProgress(
      core.events,
      () => (core ? queueStateOf(core.queue) : null),
      () => mainWindow,
    ),
    notifyFinishedBatches(
      core.events,
      Notification,
      () => bringToFront(mainWindow),
      (text) => clipboard.writeText(text),
    ),
    () => proxy.close(),
  )

  cleanups.push(startTray(core))
  await openWindow(dataDir)
  const launched = launchPaths(process.argv, { packaged: app.isPackaged, cwd: process.cwd() })
  if (launched.length > 0) openWith.open(launched)
  await openWith.ready()
  app.on('activate', () => {
    if (mainWindow === null) void openWindow(dataDir).catch(fail)
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  const choice = await offerSafeStorage(
    core.accounts,
    process.platform === 'linux' ? () => safeStorage.getSelectedStorageBackend() : undefined,
    askWithDialog(dialog, () => mainWindow),
  )
  if (choice === 'switched') log('Filedock: API keys are kept in Electron safeStorage, as chosen.')
}

async function openWindow(dataDir: string): Promise<void> {
  mainWindow = await createMainWindow({
    BrowserWindow,
    screen,
    preloadPath: join(__dirname, 'preload.cjs'),
    stateFile: join(dataDir, 'window-state.json'),
    app: appLocation,
    log,
  })
  mainWindow.on('closed', () => {
    mainWindow = null
  })
  keepRunningOnClose(mainWindow, {
    keepInTray: () => core?.settings.get().keepRunningInTray ?? false,
    read: () => (core ? queueStateOf(core.queue) : null),
    quitting: () => quitting,
    hasTray: () => hasTray,
  })
}

/** The tray icon, where the desktop has a tray (some Linux desktops do not: then closing closes). */
function startTray(current: Core): () => void {
  let tray: Tray
  try {
    tray = new Tray(nativeImage.createFromDataURL(TRAY_ICON_DATA_URL))
  } catch (error) {
    log(`Filedock: no tray icon on this desktop: ${String(error)}`)
    return () => undefined
  }
  hasTray = true
  const stop = installTray({
    tray,
    buildMenu: (template) => Menu.buildFromTemplate(template),
    events: current.events,
    read: () => queueStateOf(current.queue),
    pauseAll: () => current.queue.engine().pause(),
    resumeAll: () => current.queue.engine().resume(),
    copy: (text) => clipboard.writeText(text),
    open: () => {
      if (mainWindow === null)
        void openWindow(process.env.FILEDOCK_DATA_DIR ?? app.getPath('userData')).catch(fail)
      else bringToFront(mainWindow)
    },
    quit: () => app.quit(),
    log,
  })
  return () => {
    hasTray = false
    stop()
  }
}

// Quitting while uploads run asks first (they resume at the next start either way).
app.on('before-quit', (event) => {
  if (quitting || core === null) return
  const ok = confirmQuit(queueStateOf(core.queue), {
    ask: (o) => dialog.showMessageBoxSync({ type: 'question', ...o }),
  })
  if (!ok) {
    event.preventDefault()
    return
  }
  quitting = true
})

let shutDown = false
app.on('will-quit', (event) => {
  if (shutDown || core === null) return
  // Finish closing the sandbox and connections before the process goes.
  event.preventDefault()
  const current = core
  core = null
  for (const cleanup of cleanups.splice(0)) void cleanup()
  void current
    .dispose()
    .catch((error: unknown) => log(`Filedock: shutdown: ${String(error)}`))
    .finally(() => {
      shutDown = true
      app.quit()
    })
})

function fail(error: unknown): void {
  log(`Filedock could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  dialog.showErrorBox('Filedock could not start', error instanceof Error ? error.message : String(error))
  app.exit(1)
}
