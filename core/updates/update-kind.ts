import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export type UpdaterName = 'appimage' | 'deb' | 'nsis' | 'mac'

/**
 * How this copy of Filedock can be updated: by one of electron-updater's updaters (each replaces what its
 * installer installed), or not at all, and why.
 */
export type UpdateKind =
  | { kind: 'updater'; updater: UpdaterName }
  | { kind: 'portable' }
  | { kind: 'development' }
  | { kind: 'no-installer' }

export interface InstallFacts {
  packaged: boolean
  platform: NodeJS.Platform
  /** The portable build's folder (core/app/data-dir.ts portableDir), null in any other build. */
  portableDir: string | null
  /** APPIMAGE, set by the AppImage runtime to the .AppImage file being run; undefined otherwise. */
  appImage: string | undefined
  /** resources/package-type, written by electron-builder into a .deb's app ("deb"); null when absent. */
  packageType: string | null
}

/**
 * The portable build first: its launcher sets PORTABLE_EXECUTABLE_DIR, and it carries the NSIS build's
 * app-update.yml (both are packed from one win-unpacked folder), so electron-updater alone would "update" it
 * by running the installer. An AppImage is known by APPIMAGE (set by its runtime) before package-type: a build
 * of both targets at once may leave the .deb's package-type in the folder the AppImage is packed from. An
 * unpacked folder or a tar.gz has neither, and nothing that could replace it.
 */
export function updateKind(facts: InstallFacts): UpdateKind {
  if (facts.portableDir !== null) return { kind: 'portable' }
  if (!facts.packaged) return { kind: 'development' }
  if (facts.platform === 'win32') return { kind: 'updater', updater: 'nsis' }
  if (facts.platform === 'darwin') return { kind: 'updater', updater: 'mac' }
  if (facts.platform === 'linux') {
    if (facts.appImage) return { kind: 'updater', updater: 'appimage' }
    if (facts.packageType === 'deb') return { kind: 'updater', updater: 'deb' }
  }
  return { kind: 'no-installer' }
}

/** resources/package-type of a packaged app, as electron-builder's Linux packages leave it. */
export function readPackageType(resourcesPath: string): string | null {
  try {
    return readFileSync(join(resourcesPath, 'package-type'), 'utf8').trim()
  } catch {
    return null
  }
}
