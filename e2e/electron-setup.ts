import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { findElectronBinary } from './electron-app.ts'

/**
 * Global setup of E2E_ELECTRON=1 runs: refuse plainly where Electron cannot run (Playwright then exits non-zero
 * with this message and no test runs), else build the main process and preload the app will load.
 */
export default function electronSetup(): void {
  const found = findElectronBinary()
  if (!('path' in found)) {
    throw new Error(
      `E2E_ELECTRON=1: the Electron end-to-end run did NOT run: Electron's binary is not installed (${found.reason}). Install it (npx install-electron) or run without E2E_ELECTRON for the browser host.`,
    )
  }
  const root = path.resolve(import.meta.dirname, '..')
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build-electron.mjs')], {
    cwd: root,
    stdio: 'inherit',
  })
}
