import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  Menu,
  Notification,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron'
import { SafeStorageSecretStore } from '../core/accounts/index.ts'
import { type Core, createCore } from '../core/app/create-core.ts'
import { APP_NAME } from '../core/app/data-dir.ts'
import { createDispatcher } from '../core/ipc/dispatcher.ts'
import { logLine } from '../core/logging/log.ts'
import { notifyFinishedBatches } from './shell/batch-notifier.ts'
import { forwardEvents, installIpc } from './shell/ipc-bridge.ts'
import { menuTemplate } from './shell/menu.ts'
import { createPathPicker } from './shell/pick-paths.ts'
import { createProxyResolver } from './shell/proxy.ts'
import { askWithDialog, offerSafeStorage } from './shell/secret-choice.ts'
import { denyAllPermissions, hardenWebContents, installContentSecurityPolicy } from './shell/security.ts'
import { bringToFront, claimSingleInstance } from './shell/single-instance.ts'
import { queueStateOf, showQueueProgress } from './shell/taskbar-progress.ts'
import { type AppLocation, isTrustedSenderFrame } from './shell/trusted-url.ts'
import { createMainWindow } from './shell/window.ts'

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
const cleanups: Array<() => unknown> = []

if (!claimSingleInstance(app, () => mainWindow)) {
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
    log,
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
    notifyFinishedBatches(core.events, Notification, () => bringToFront(mainWindow)),
    () => proxy.close(),
  )

  await openWindow(dataDir)
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
}

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
