#!/usr/bin/env node
// Builds better-sqlite3's addon for the installed Electron into native/electron-<version>/better_sqlite3.node,
// which core/index/native-binding.ts loads by path under Electron. node_modules/better-sqlite3/build is left
// alone (it is Node's build: `npm test` keeps working). The build runs in a copy of the package under
// native/.build: prebuild-install fetches a prebuilt addon for Electron's ABI; where that fails, node-gyp compiles
// it against Electron's headers. Both need the network the first time.
//
//   node scripts/build-sqlite-electron.mjs [--electron-version V] [--arch A] [--from-source] [--dist-url URL]
//                                          [--dest DIR] [--dry-run]
// --from-source skips the prebuilt addon; --dist-url takes Electron's headers from a mirror (default
// https://electronjs.org/headers); --dest writes DIR/electron-<version>/better_sqlite3.node instead of native/
// (`npm run dist` keeps one folder per target, scripts/dist.mjs); --dry-run prints the plan (one JSON object) and
// changes nothing.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

/** Where the Electron build goes; core/index/native-binding.ts looks exactly here (below `dest`, default native/). */
export function bindingPath(appRoot, electronVersion, dest = join(appRoot, 'native')) {
  return join(dest, `electron-${electronVersion}`, 'better_sqlite3.node')
}

const ELECTRON_HEADERS = 'https://electronjs.org/headers'

/** The steps, as data, so a dry run (and its test) can show what would run without Electron's headers. */
export function plan({
  appRoot,
  electronVersion,
  arch,
  platform,
  node,
  fromSource = false,
  distUrl = ELECTRON_HEADERS,
  dest,
}) {
  const sqliteDir = dirname(require.resolve('better-sqlite3/package.json', { paths: [appRoot] }))
  const work = join(appRoot, 'native', '.build', `electron-${electronVersion}-${arch}`)
  const bin = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`, { paths: [appRoot] })), file)
  return {
    out: bindingPath(appRoot, electronVersion, dest),
    copy: { from: sqliteDir, to: work },
    attempts: [
      ...(fromSource ? [] : [prebuilt(bin, work, { electronVersion, arch, platform, node })]),
      {
        what: "compile against Electron's headers",
        command: node,
        args: [
          bin('node-gyp', 'bin/node-gyp.js'),
          'rebuild',
          '--release',
          '--jobs=max',
          '--runtime=electron',
          `--target=${electronVersion}`,
          `--arch=${arch}`,
          `--dist-url=${distUrl}`,
        ],
        cwd: work,
      },
    ],
    built: join(work, 'build', 'Release', 'better_sqlite3.node'),
  }
}

function prebuilt(bin, work, { electronVersion, arch, platform, node }) {
  return {
    what: 'prebuilt addon for Electron',
    command: node,
    args: [
      bin('prebuild-install', 'bin.js'),
      '--runtime=electron',
      `--target=${electronVersion}`,
      `--arch=${arch}`,
      `--platform=${platform}`,
    ],
    cwd: work,
  }
}

/**
 * The environment of the build steps. npm hands its settings to the scripts it runs as npm_config_* variables,
 * and node-gyp reads them: a `nodedir` set for Node's own addons (as on machines that build them offline) would
 * make node-gyp compile against Node's headers, not Electron's, and Electron would then refuse the addon.
 */
function buildEnv() {
  const env = { ...process.env }
  for (const name of Object.keys(env)) if (name.toLowerCase() === 'npm_config_nodedir') delete env[name]
  return env
}

function installedElectronVersion() {
  try {
    return JSON.parse(readFileSync(require.resolve('electron/package.json', { paths: [root] }), 'utf8'))
      .version
  } catch {
    return undefined
  }
}

function main() {
  const { values } = parseArgs({
    options: {
      'electron-version': { type: 'string' },
      arch: { type: 'string' },
      'from-source': { type: 'boolean' },
      'dist-url': { type: 'string' },
      dest: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
    strict: true,
  })
  const electronVersion = values['electron-version'] ?? installedElectronVersion()
  if (electronVersion === undefined) {
    console.error('build-sqlite-electron: the electron package is not installed; nothing to build for.')
    process.exit(1)
  }
  const p = plan({
    appRoot: root,
    electronVersion,
    arch: values.arch ?? process.arch,
    platform: process.platform,
    node: process.execPath,
    fromSource: values['from-source'],
    distUrl: values['dist-url'],
    dest: values.dest === undefined ? undefined : resolve(values.dest),
  })
  if (values['dry-run']) {
    process.stdout.write(`${JSON.stringify(p)}\n`)
    return
  }
  rmSync(p.copy.to, { recursive: true, force: true })
  mkdirSync(dirname(p.copy.to), { recursive: true })
  // The copy leaves Node's compiled addon behind, so nothing can mistake it for Electron's.
  cpSync(p.copy.from, p.copy.to, {
    recursive: true,
    filter: (src) => !src.includes(`${join(p.copy.from, 'build')}`),
  })
  for (const attempt of p.attempts) {
    console.error(`build-sqlite-electron: ${attempt.what}…`)
    const result = spawnSync(attempt.command, attempt.args, {
      cwd: attempt.cwd,
      stdio: 'inherit',
      env: buildEnv(),
    })
    if (result.status === 0 && existsSync(p.built)) {
      mkdirSync(dirname(p.out), { recursive: true })
      cpSync(p.built, p.out)
      rmSync(p.copy.to, { recursive: true, force: true })
      console.error(`build-sqlite-electron: wrote ${p.out}`)
      return
    }
  }
  // Said in full, because `npm start` runs this once and carries on: the reader must know what to run later.
  console.error(
    `build-sqlite-electron: could not build SQLite for Electron ${electronVersion}: no prebuilt addon could be fetched, and compiling needs Electron's headers (node-gyp downloads them from electronjs.org) and a C++ compiler. ` +
      `Once online, run \`node scripts/build-sqlite-electron.mjs --electron-version ${electronVersion}\` (it writes ${p.out}); until then the app runs without its file index.`,
  )
  process.exit(1)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main()
