import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultCacheDir, defaultDataDir, PORTABLE_DATA_FOLDER, portableDir } from './data-dir.ts'

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

describe('the cache folder', () => {
  it("is the OS's per-user cache folder, named like the command", () => {
    expect(defaultCacheDir({}, 'linux')).toBe(join(homedir(), '.cache', 'filedock'))
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/var/cache/ann' }, 'linux')).toBe(
      join('/var/cache/ann', 'filedock'),
    )
    // A relative XDG_CACHE_HOME is invalid (XDG base directories): the default is used.
    expect(defaultCacheDir({ XDG_CACHE_HOME: 'cache' }, 'linux')).toBe(join(homedir(), '.cache', 'filedock'))
    expect(defaultCacheDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Caches', 'filedock'))
    expect(defaultCacheDir({ LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' }, 'win32')).toBe(
      join('C:\\Users\\me\\AppData\\Local', 'filedock', 'cache'),
    )
  })

  it('is the one FILEDOCK_CACHE_DIR names, also on Windows', () => {
    expect(defaultCacheDir({ FILEDOCK_CACHE_DIR: '/tmp/c', XDG_CACHE_HOME: '/x' }, 'linux')).toBe('/tmp/c')
    expect(defaultCacheDir({ FILEDOCK_CACHE_DIR: 'D:\\c', LOCALAPPDATA: 'C:\\L' }, 'win32')).toBe('D:\\c')
    expect(defaultCacheDir({ FILEDOCK_CACHE_DIR: ' ' }, 'linux')).toBe(join(homedir(), '.cache', 'filedock'))
  })
})
