import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Where better-sqlite3's compiled addon comes from. Node loads the one npm built in node_modules; Electron needs
 * one built against its own ABI, which `scripts/build-sqlite-electron.mjs` puts in `native/electron-<version>/`
 * (outside node_modules, so `npm test` on Node keeps working after an Electron build).
 */
export const ELECTRON_BINDING_DIR = 'native'

export function electronBindingPath(root: string, electronVersion: string): string {
  return join(root, ELECTRON_BINDING_DIR, `electron-${electronVersion}`, 'better_sqlite3.node')
}

export interface BindingChoice {
  /** Path for better-sqlite3's `nativeBinding`; undefined: its own build (Node). */
  path: string | undefined
  /** Why Electron cannot use the index, or null. */
  problem: string | null
}

/**
 * Picks the addon for the running process, looking in each root in turn (the packaged app's resources folder,
 * then the checkout `npm start` runs in). Under Electron the Electron build is required: loading Node's build
 * would fail with an ABI mismatch deep inside the first query, so a missing build is reported up front with the
 * command that makes it.
 */
export function chooseNativeBinding(
  versions: NodeJS.ProcessVersions,
  roots: ReadonlyArray<string | undefined>,
  exists: (path: string) => boolean = existsSync,
): BindingChoice {
  const electron = versions.electron
  if (electron === undefined) return { path: undefined, problem: null }
  for (const root of roots) {
    if (root === undefined) continue
    const path = electronBindingPath(root, electron)
    if (exists(path)) return { path, problem: null }
  }
  return {
    path: undefined,
    problem: `The file index needs SQLite built for Electron ${electron}; run \`node scripts/build-sqlite-electron.mjs\`.`,
  }
}
