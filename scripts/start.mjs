#!/usr/bin/env node
// `npm start`: builds Filedock and runs it in Electron — or, where Electron's binary is not installed (it is
// downloaded separately from the npm package, and some machines cannot), says so in one line and runs the
// browser host (`npm run web`) instead, so the same command gives a working Filedock everywhere.
// The browser host then opens its URL in the default browser (not with --no-open, nor without a display).
// FILEDOCK_NO_WEB_FALLBACK=1 makes it stop after that line with exit code 1 (for scripts that need Electron).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

/** The Electron executable, or why there is none. Never triggers electron's own download attempt. */
function findElectron() {
  if (!process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    // `require('electron')` tries to download a missing binary (noisy, slow, and offline it fails anyway),
    // so first look for the file it would return.
    let pkgDir
    try {
      pkgDir = dirname(require.resolve('electron/package.json'))
    } catch {
      return { reason: 'the electron package is not installed' }
    }
    const pathFile = join(pkgDir, 'path.txt')
    if (!existsSync(pathFile)) return { reason: 'its download did not complete' }
    const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim())
    if (!existsSync(binary)) return { reason: `${binary} is missing` }
  }
  try {
    const path = require('electron')
    if (typeof path === 'string' && existsSync(path)) return { path }
    return { reason: `${String(path)} is missing` }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { reason: message.split('\n')[0].replace(/\.$/, '') }
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Runs a child in the foreground: signals go to it, its exit code becomes ours. */
function foreground(command, args, options) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

/**
 * The file index's SQLite addon must match Electron's ABI: build it once per Electron version (see
 * scripts/build-sqlite-electron.mjs). If that cannot happen here, the app still starts and its index says why.
 */
async function ensureSqliteForElectron() {
  const version = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version
  const script = join(root, 'scripts', 'build-sqlite-electron.mjs')
  if (!existsSync(script)) return
  // The script says where its build goes (the one place that names the path), and builds it if it is not there.
  const { bindingPath } = await import(pathToFileURL(script).href)
  if (existsSync(bindingPath(root, version))) return
  spawnSync(process.execPath, [script, '--electron-version', version], { cwd: root, stdio: 'inherit' })
}

const electron = findElectron()
if (electron.path === undefined) {
  const fallback = process.env.FILEDOCK_NO_WEB_FALLBACK !== '1'
  console.error(
    fallback
      ? `Electron's binary is not installed on this machine (${electron.reason}); starting the browser host instead: \`npm run web\` (open the printed URL).`
      : `Electron's binary is not installed on this machine (${electron.reason}); run \`npm run web\` to use Filedock in your browser instead.`,
  )
  if (!fallback) process.exit(1)
  // Like Jupyter, the fallback opens the printed URL in the default browser (the host skips it where there is no
  // display, or in CI); --no-open keeps it to the printed URL.
  const args = process.argv.slice(2)
  const web = args.includes('--no-open') ? args : ['--open', ...args]
  foreground(npm, ['run', 'web', '--silent', '--', ...web], {
    shell: process.platform === 'win32',
  })
} else {
  const built = spawnSync(npm, ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (built.status !== 0) process.exit(built.status ?? 1)
  await ensureSqliteForElectron()

  // The app folder, not main.cjs: Electron then reads package.json (name, version, main) like a packaged app.
  const env = { ...process.env }
  delete env.ELECTRON_RUN_AS_NODE
  foreground(electron.path, [root, ...process.argv.slice(2).filter((a) => a !== '--no-open')], { env })
}
