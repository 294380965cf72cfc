import { homedir } from 'node:os'
import { join } from 'node:path'

export const APP_NAME = 'Filedock'

/** The folder the portable build keeps its data in, beside its executable. */
export const PORTABLE_DATA_FOLDER = 'Filedock Data'

/**
 * The folder of the portable Windows executable, or null when this is not the portable build. electron-builder's
 * portable launcher unpacks the app into a temporary folder and starts it with PORTABLE_EXECUTABLE_DIR set to
 * where the .exe itself lies (a USB stick, a synced folder).
 */
export function portableDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env.PORTABLE_EXECUTABLE_DIR
  return dir !== undefined && dir.trim() !== '' ? dir : null
}

/**
 * The same folder Electron's app.getPath('userData') gives for the app name "Filedock", so the desktop app and
 * the browser host share accounts and the offline sandbox. FILEDOCK_DATA_DIR overrides it (tests, a chosen folder).
 *
 * The portable build keeps everything beside its executable ("Filedock Data"), so it travels with it and leaves
 * the machine's profile alone; only API keys stay behind, in the OS keychain of the machine they were entered on.
 * The CLI and the browser host are not part of the portable build: they run from an npm install, where
 * PORTABLE_EXECUTABLE_DIR is not set, and use the per-user folder; to have them share a portable copy's accounts,
 * point FILEDOCK_DATA_DIR at its "Filedock Data" folder.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.FILEDOCK_DATA_DIR) return env.FILEDOCK_DATA_DIR
  const portable = portableDir(env)
  if (portable !== null) return join(portable, PORTABLE_DATA_FOLDER)
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME)
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME)
}

export const CACHE_DIR_ENV = 'FILEDOCK_CACHE_DIR'

/**
 * The per-user folder for what can be made again (the CLI's code caches): the OS's cache folder, never the install
 * (a global npm install lies in a folder its user cannot write, and a cache there would never be written) nor the
 * data folder (backed up, synced, and nothing in it may be lost). FILEDOCK_CACHE_DIR overrides it (tests).
 * Lowercase like the command: it is the command line's folder, where the data folder is named like Electron's.
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const chosen = env[CACHE_DIR_ENV]
  if (chosen !== undefined && chosen.trim() !== '') return chosen
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'filedock')
  if (platform === 'win32')
    return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'filedock', 'cache')
  // The XDG spec: a relative $XDG_CACHE_HOME is invalid and ignored.
  const xdg = env.XDG_CACHE_HOME
  return join(xdg?.startsWith('/') ? xdg : join(homedir(), '.cache'), 'filedock')
}
