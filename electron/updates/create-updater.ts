import type { UpdaterName } from '../../core/updates/update-kind.ts'
import type { UpdaterLike } from '../../core/updates/update-service.ts'

/**
 * electron-updater's updater for this install, with Electron's app and net (no adapter given), reading the feed
 * from the app-update.yml electron-builder wrote into the app's resources from electron-builder.yml's `publish`.
 * Loaded when the first check runs, not at start-up: most starts never need it that early.
 */
export async function createUpdater(which: UpdaterName, log: (line: string) => void): Promise<UpdaterLike> {
  const m = await import('electron-updater')
  const line = (message: unknown) => log(`Filedock: updates: ${String(message)}`)
  const logger = { info: line, warn: line, error: line }
  if (which === 'mac') {
    // Squirrel.Mac installs: quitAndInstall hands it the verified download, and it replaces and restarts the app.
    // Not run here (no macOS): the quit it starts goes through the app's own quit.
    const mac = new m.MacUpdater()
    mac.logger = logger
    return {
      get autoDownload() {
        return mac.autoDownload
      },
      set autoDownload(value) {
        mac.autoDownload = value
      },
      get autoInstallOnAppQuit() {
        return mac.autoInstallOnAppQuit
      },
      set autoInstallOnAppQuit(value) {
        mac.autoInstallOnAppQuit = value
      },
      checkForUpdates: () => mac.checkForUpdates(),
      install: () => {
        mac.quitAndInstall()
        return true
      },
      on: (event, listener) => mac.on(event, listener),
    }
  }
  const updater =
    which === 'appimage'
      ? new m.AppImageUpdater()
      : which === 'deb'
        ? new m.DebUpdater()
        : new m.NsisUpdater()
  updater.logger = logger
  return updater
}
