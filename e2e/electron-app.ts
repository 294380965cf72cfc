import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { _electron, type ElectronApplication, type Page } from '@playwright/test'

/**
 * `E2E_ELECTRON=1`: the same specs and fixtures, with the app in Electron (Playwright's `_electron`) instead of
 * the browser host in Chromium. Where the Electron binary is absent that mode refuses to start (global-setup.ts):
 * a run that tested nothing must never look like a pass.
 */
export const electronMode = process.env.E2E_ELECTRON === '1'

const root = path.resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)

/**
 * The Electron executable, or why there is none. Same rule as scripts/start.mjs (which cannot export it: its
 * test copies it alone): never `require('electron')` before the file it would return exists, because that
 * starts electron's own download, which fails offline.
 */
export function findElectronBinary(): { path: string } | { reason: string } {
  let pkgDir: string
  try {
    pkgDir = path.dirname(require.resolve('electron/package.json'))
  } catch {
    return { reason: 'the electron package is not installed' }
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const pathFile = path.join(pkgDir, 'path.txt')
  if (!override && !existsSync(pathFile)) return { reason: 'its binary was never downloaded (no path.txt)' }
  // electron/index.js: the file named in path.txt, under the override folder when one is set.
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : defaultBinaryName()
  const binary = path.join(override ?? path.join(pkgDir, 'dist'), name)
  return existsSync(binary) ? { path: binary } : { reason: `${binary} is missing` }
}

function defaultBinaryName(): string {
  if (process.platform === 'win32') return 'electron.exe'
  if (process.platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron'
  return 'electron'
}

export interface ElectronHost {
  app: ElectronApplication
  window: Page
  url: string
  logs: () => string
}

/** The built app (dist/electron/main.cjs) on its own data folder and keychain service, first window loaded. */
export async function launchElectronApp(dataDir: string, keychainService: string): Promise<ElectronHost> {
  const found = findElectronBinary()
  if (!('path' in found)) throw new Error(`E2E_ELECTRON=1 but Electron cannot run: ${found.reason}`)
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
  delete env.ELECTRON_RUN_AS_NODE
  const app = await _electron.launch({
    executablePath: found.path,
    // The app folder, as npm start runs it: Electron reads package.json (name, version, main).
    args: [root, '--no-sandbox'],
    cwd: root,
    env: { ...env, FILEDOCK_DATA_DIR: dataDir, FILEDOCK_KEYCHAIN_SERVICE: keychainService },
  })
  const logs: string[] = []
  app.process().stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
  const window = await app.firstWindow()
  await window.waitForLoadState('domcontentloaded')
  return { app, window, url: window.url(), logs: () => logs.join('') }
}
