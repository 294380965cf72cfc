import type { BrowserWindow, BrowserWindowConstructorOptions, NativeImage, Screen } from 'electron'
import { APP_NAME } from '../../core/app/data-dir.ts'
import type { AppLocation } from './trusted-url.ts'
import { secureWebPreferences } from './web-preferences.ts'
import { loadWindowState, MIN_SIZE, placeWindow, saveWindowState } from './window-state.ts'

export interface MainWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>
  preloadPath: string
  /** window-state.json in the data folder. */
  stateFile: string
  app: AppLocation
  /** The window's icon (Linux; other OSes take the app's). */
  icon?: NativeImage
  log?: (line: string) => void
}

/** The one app window: hardened webPreferences, last size and place restored, shown once painted. */
export async function createMainWindow(deps: MainWindowDeps): Promise<BrowserWindow> {
  const saved = await loadWindowState(deps.stateFile)
  const workAreas = deps.screen.getAllDisplays().map((d) => d.workArea)
  const placed = placeWindow(saved, workAreas, deps.screen.getPrimaryDisplay().workArea)
  const win = new deps.BrowserWindow({
    ...placed.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: APP_NAME,
    show: false,
    backgroundColor: '#1e1f22',
    webPreferences: secureWebPreferences(deps.preloadPath),
    ...(deps.icon ? { icon: deps.icon } : {}),
  })
  if (placed.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())
  win.on('close', () => {
    try {
      saveWindowState(deps.stateFile, { bounds: win.getNormalBounds(), maximized: win.isMaximized() })
    } catch (error) {
      deps.log?.(`Filedock: could not save the window position: ${String(error)}`)
    }
  })
  await win.loadURL(deps.app.indexUrl)
  return win
}
