import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type InstallFacts, readPackageType, updateKind } from './update-kind.ts'

const installed: InstallFacts = {
  packaged: true,
  platform: 'linux',
  portableDir: null,
  appImage: undefined,
  packageType: null,
}

describe('how this copy of Filedock updates', () => {
  it('never in the portable build, though it carries the installer’s app-update.yml', () => {
    expect(updateKind({ ...installed, platform: 'win32', portableDir: 'E:\\Apps' })).toEqual({
      kind: 'portable',
    })
  })

  it('by the updater of the installer that put it in place', () => {
    expect(updateKind({ ...installed, platform: 'win32' })).toEqual({ kind: 'updater', updater: 'nsis' })
    expect(updateKind({ ...installed, platform: 'darwin' })).toEqual({ kind: 'updater', updater: 'mac' })
    expect(updateKind({ ...installed, packageType: 'deb' })).toEqual({ kind: 'updater', updater: 'deb' })
    // An AppImage is known by its runtime's APPIMAGE, also where a .deb build left package-type behind.
    expect(updateKind({ ...installed, appImage: '/home/me/Filedock.AppImage', packageType: 'deb' })).toEqual({
      kind: 'updater',
      updater: 'appimage',
    })
  })

  it('not at all from a checkout or an unpacked folder', () => {
    expect(updateKind({ ...installed, packaged: false })).toEqual({ kind: 'development' })
    expect(updateKind(installed)).toEqual({ kind: 'no-installer' })
  })

  it('reads the package type electron-builder leaves in a Linux package’s resources', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filedock-kind-'))
    try {
      expect(readPackageType(dir)).toBeNull()
      await writeFile(join(dir, 'package-type'), 'deb\n')
      expect(readPackageType(dir)).toBe('deb')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
