#!/usr/bin/env node
// `npm run dist [-- electron-builder arguments]`: the installers. Builds SQLite for Electron for every
// architecture being packed (the app's file index cannot work without it), then the app, then runs
// electron-builder.
// A missing addon stops here, loudly: an installer without it would ship an app without its index.
//
//   npm run dist                      this machine's platform and architecture, every target in electron-builder.yml
//   npm run dist -- --dir --arm64     electron-builder's own arguments pass through (--x64, --arm64, --ia32, --armv7l)
//
// Each architecture's addon is kept in native/dist/<platform>-<arch>/ (electron-builder.yml's extraResources takes
// the one for the architecture it packs). Building needs the network once per Electron version (a prebuilt addon,
// or Electron's headers; FILEDOCK_ELECTRON_HEADERS_URL names a headers mirror).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const ARCHS = ['x64', 'arm64', 'ia32', 'armv7l']

/** The architectures electron-builder will pack for these arguments: the ones named, else this machine's. */
export function targetArchs(args, hostArch = process.arch) {
  const named = ARCHS.filter((arch) => args.includes(`--${arch}`))
  return named.length > 0 ? named : [hostArch]
}

/** Where `npm run dist` keeps one architecture's addon (electron-builder.yml: native/dist/${platform}-${arch}). */
export function addonDest(appRoot, platform, arch) {
  return join(appRoot, 'native', 'dist', `${platform}-${arch}`)
}

export function installedElectronVersion(appRoot = root) {
  return JSON.parse(readFileSync(require.resolve('electron/package.json', { paths: [appRoot] }), 'utf8'))
    .version
}

function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, options)
    child.on('error', () => resolve(null))
    child.on('exit', (code) => resolve(code))
  })
}

/**
 * Makes sure each architecture's addon exists under `appRoot` (building the missing ones with
 * build-sqlite-electron.mjs). Returns the problems: one line per addon still missing after its build.
 */
export async function ensureSqliteAddons({
  appRoot = root,
  dest = appRoot,
  electronVersion,
  archs,
  platform = process.platform,
  distUrl = process.env.FILEDOCK_ELECTRON_HEADERS_URL,
  fromSource = false,
  stdio = 'inherit',
}) {
  const script = join(root, 'scripts', 'build-sqlite-electron.mjs')
  const { bindingPath } = await import(pathToFileURL(script).href)
  const problems = []
  for (const arch of archs) {
    const folder = addonDest(dest, platform, arch)
    const file = bindingPath(appRoot, electronVersion, folder)
    if (existsSync(file)) continue
    // Not spawnSync: the caller's own event loop may be serving the headers (a mirror in a test).
    await run(
      process.execPath,
      [
        script,
        '--electron-version',
        electronVersion,
        '--arch',
        arch,
        '--dest',
        folder,
        ...(distUrl ? ['--dist-url', distUrl] : []),
        ...(fromSource ? ['--from-source'] : []),
      ],
      { cwd: appRoot, stdio },
    )
    if (!existsSync(file))
      problems.push(`no SQLite for Electron ${electronVersion} on ${platform}-${arch} (${file})`)
  }
  return problems
}

async function main() {
  const args = process.argv.slice(2)
  // The addon first: it is what can fail here, and it fails before minutes of building the rest.
  const electronVersion = installedElectronVersion()
  const problems = await ensureSqliteAddons({ electronVersion, archs: targetArchs(args) })
  if (problems.length > 0) {
    console.error(
      [
        'npm run dist: STOPPED, nothing was packed: the app would ship without its file index.',
        ...problems.map((p) => `  ${p}`),
        'Building it needs the network once (a prebuilt addon, or Electron’s headers and a C++ compiler);',
        'FILEDOCK_ELECTRON_HEADERS_URL names a mirror of Electron’s headers.',
      ].join('\n'),
    )
    process.exit(1)
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const built = spawnSync(npm, ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (built.status !== 0) process.exit(built.status ?? 1)
  const builder = spawnSync(process.execPath, [require.resolve('electron-builder/cli.js'), ...args], {
    cwd: root,
    stdio: 'inherit',
  })
  process.exit(builder.status ?? 1)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main()
