import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/** The subfolder of the OS Downloads folder that Download… offers until the person picks another. */
export const DOWNLOAD_SUBFOLDER = 'Filedock'

/**
 * The OS Downloads folder, as the platform names it: under Electron, app.getPath('downloads') (passed in, it
 * knows a moved Windows known folder); otherwise `XDG_DOWNLOAD_DIR` of the XDG user dirs on Linux and the BSDs
 * (`~/.config/user-dirs.dirs`, which desktops write in the user's language), else `~/Downloads` everywhere.
 */
export function osDownloadsDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: string = process.platform,
  home: string = homedir(),
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): string {
  if (platform !== 'win32' && platform !== 'darwin') {
    const config = env.XDG_CONFIG_HOME?.startsWith('/') ? env.XDG_CONFIG_HOME : join(home, '.config')
    try {
      const line = /^\s*XDG_DOWNLOAD_DIR\s*=\s*"([^"]*)"\s*$/m.exec(read(join(config, 'user-dirs.dirs')))?.[1]
      const dir = line?.replace(/^\$HOME(?=\/|$)/, home).replace(/(.)\/+$/, '$1')
      // The file's own rule: an absolute path or one under $HOME; $HOME itself means "no Downloads folder".
      if (dir?.startsWith('/') && dir !== home) return dir
    } catch {
      // No user-dirs file: the usual name.
    }
  }
  return join(home, 'Downloads')
}
