import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultDataDir, PORTABLE_DATA_FOLDER, portableDir } from './data-dir.ts'

describe('the data folder', () => {
  it("is the OS's per-user folder for Filedock, the one Electron's userData would be", () => {
    expect(defaultDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'Filedock'))
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(join('/cfg', 'Filedock'))
    expect(defaultDataDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'Filedock'))
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\me\\AppData\\Roaming' }, 'win32')).toBe(
      join('C:\\Users\\me\\AppData\\Roaming', 'Filedock'),
    )
  })

  it('is beside the executable in the portable build (its launcher names the folder)', () => {
    const env = { PORTABLE_EXECUTABLE_DIR: 'E:\\Apps', APPDATA: 'C:\\Users\\me\\AppData\\Roaming' }
    expect(portableDir(env)).toBe('E:\\Apps')
    expect(defaultDataDir(env, 'win32')).toBe(join('E:\\Apps', PORTABLE_DATA_FOLDER))
    expect(portableDir({ PORTABLE_EXECUTABLE_DIR: ' ' })).toBeNull()
    expect(portableDir({})).toBeNull()
  })

  it('is the one FILEDOCK_DATA_DIR names, also in the portable build', () => {
    expect(defaultDataDir({ FILEDOCK_DATA_DIR: '/data', PORTABLE_EXECUTABLE_DIR: 'E:\\Apps' }, 'win32')).toBe(
      '/data',
    )
  })
})
