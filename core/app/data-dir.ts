import { homedir } from 'node:os'
import { join } from 'node:path'

export const APP_NAME = 'Filedock'

/**
 * The same folder Electron's app.getPath('userData') gives for the app name "Filedock", so the desktop app and
 * the browser host share accounts and the offline sandbox. FILEDOCK_DATA_DIR overrides it (tests, portable use).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.FILEDOCK_DATA_DIR) return env.FILEDOCK_DATA_DIR
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME)
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME)
}
