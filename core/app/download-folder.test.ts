import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { osDownloadsDir } from './download-folder.ts'

const home = '/home/ann'
const files = (content: string | null) => (path: string) => {
  if (content === null || path !== join(home, '.config', 'user-dirs.dirs')) throw new Error('ENOENT')
  return content
}

describe('the OS Downloads folder', () => {
  it("reads the desktop's XDG_DOWNLOAD_DIR on Linux, in the user's language", () => {
    const dirs =
      '# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR="$HOME/Bureau"\nXDG_DOWNLOAD_DIR="$HOME/Téléchargements"\n'
    expect(osDownloadsDir({}, 'linux', home, files(dirs))).toBe('/home/ann/Téléchargements')
    expect(osDownloadsDir({}, 'linux', home, files('XDG_DOWNLOAD_DIR="/data/dl"\n'))).toBe('/data/dl')
  })

  it('falls back to ~/Downloads: no file, $HOME itself, a relative path, or another platform', () => {
    expect(osDownloadsDir({}, 'linux', home, files(null))).toBe('/home/ann/Downloads')
    expect(osDownloadsDir({}, 'linux', home, files('XDG_DOWNLOAD_DIR="$HOME/"\n'))).toBe(
      '/home/ann/Downloads',
    )
    expect(osDownloadsDir({}, 'linux', home, files('XDG_DOWNLOAD_DIR="$HOME"\n'))).toBe('/home/ann/Downloads')
    expect(osDownloadsDir({}, 'linux', home, files('XDG_DOWNLOAD_DIR="dl"\n'))).toBe('/home/ann/Downloads')
    expect(osDownloadsDir({}, 'darwin', home, files('XDG_DOWNLOAD_DIR="/x"\n'))).toBe('/home/ann/Downloads')
  })

  it('looks in $XDG_CONFIG_HOME when it is set', () => {
    const read = (path: string) => {
      if (path !== '/etc/ann/user-dirs.dirs') throw new Error('ENOENT')
      return 'XDG_DOWNLOAD_DIR="$HOME/Incoming"'
    }
    expect(osDownloadsDir({ XDG_CONFIG_HOME: '/etc/ann' }, 'linux', home, read)).toBe('/home/ann/Incoming')
  })
})
