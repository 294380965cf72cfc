import { spawnSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractAll, listPackage } from '@electron/asar'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { chooseNativeBinding } from '../core/index/native-binding.ts'
import { openIndexDb } from '../core/index/open-index-db.ts'
import { packApp, requiredPackages } from './pack-app.ts'
import { startHeadersMirror } from './testing/electron-headers-mirror.ts'

/**
 * What `npm run dist` would ship, checked on a real package: electron-builder packs the app (scripts/pack-app.ts,
 * with a stand-in renderer) and the archive is read back with @electron/asar.
 */
const root = join(import.meta.dirname, '..')
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
let work: string
let app: string
let files: string[]
let mainRequires: string[]
let resources: string
let deb: { args: string[]; desktop: string; resources: string[] }

/** Not a real Electron: a version of its own, so nothing built here can be taken for a real build. */
const ELECTRON = '98.7.7'

/**
 * A stand-in for fpm (electron-builder's .deb packer, which it would download): it records what it was asked to
 * put in the package, and keeps the .desktop file electron-builder wrote for it (a temp file, gone afterwards).
 */
const fakeFpm = `#!/usr/bin/env node
const { copyFileSync, readdirSync, writeFileSync } = require('node:fs')
const { join } = require('node:path')
const args = process.argv.slice(2)
const record = process.env.FPM_RECORD
const desktop = args.find((a) => a.includes('=/usr/share/applications/'))
copyFileSync(desktop.split('=')[0], join(record, 'entry.desktop'))
const opt = args.find((a) => a.endsWith('=/opt/Filedock'))
const resources = readdirSync(join(opt.split('=')[0], 'resources'))
writeFileSync(join(record, 'fpm.json'), JSON.stringify({ args, resources }))
writeFileSync(args[args.indexOf('--package') + 1], '')
`

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'filedock-pack-'))
  const fpm = join(work, 'fpm')
  await writeFile(fpm, fakeFpm, { mode: 0o755 })
  await mkdir(join(work, 'fpm-record'))
  vi.stubEnv('FPM_RECORD', join(work, 'fpm-record'))
  const mirror = await startHeadersMirror(ELECTRON, join(work, 'headers'))
  // A stand-in renderer and CLI: what matters is which of dist/ is packed, not what Vite or esbuild wrote.
  const packed = await packApp(work, {
    sqlite: { electronVersion: ELECTRON, distUrl: mirror.url },
    debWith: fpm,
    renderer: async (renderer) => {
      await mkdir(join(renderer, 'assets'))
      await writeFile(join(renderer, 'index.html'), '<!doctype html><script src="assets/app.js"></script>')
      await writeFile(join(renderer, 'assets', 'app.js'), 'console.log(1)')
      await writeFile(join(renderer, 'assets', 'app.js.map'), '{}')
      await mkdir(join(renderer, '..', 'cli'))
      await writeFile(join(renderer, '..', 'cli', 'filedock.mjs'), '')
    },
  })
  mirror.close()
  mainRequires = requiredPackages(packed.mainCode)
  resources = packed.resources
  const record = JSON.parse(await readFile(join(work, 'fpm-record', 'fpm.json'), 'utf8'))
  deb = { ...record, desktop: await readFile(join(work, 'fpm-record', 'entry.desktop'), 'utf8') }
  files = listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) => f.replace(/^[/\\]/, ''))
  // The app as Electron sees it: the archive, with the unpacked native files laid back over it.
  app = join(work, 'extracted')
  extractAll(join(resources, 'app.asar'), app)
  await cp(join(resources, 'app.asar.unpacked'), app, { recursive: true })
}, 420_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  if (work) await rm(work, { recursive: true, force: true })
  await rm(join(root, 'native', '.build', `electron-${ELECTRON}-x64`), { recursive: true, force: true })
})

describe('the packaged app', () => {
  it('has its file index: SQLite for its Electron, built first as npm run dist does, in its resources', () => {
    const picked = chooseNativeBinding({ ...process.versions, electron: ELECTRON }, [resources])
    expect(picked).toEqual({
      path: join(resources, 'native', `electron-${ELECTRON}`, 'better_sqlite3.node'),
      problem: null,
    })
    // A real addon (compiled against the headers served for this version, which are this Node's): it opens the index.
    const { db } = openIndexDb(join(work, 'file-index.sqlite'), picked.path)
    try {
      expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'files'").get()).toEqual({
        n: 1,
      })
    } finally {
      db.close()
    }
  })

  it('makes a .deb: maintainer and homepage from package.json, the AppArmor profile, icons, and a desktop entry that claims no type', () => {
    const arg = (name: string) => deb.args[deb.args.indexOf(name) + 1]
    expect(arg('--maintainer')).toBe('Filedock contributors <maintainers@filedock.dev>')
    expect(arg('--url')).toBe('https://filedock.dev')
    // Installed by the package on Ubuntu 24.04 and later (user namespaces for Chromium's sandbox).
    expect(deb.resources).toContain('apparmor-profile')
    expect(deb.args).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/=\/usr\/share\/applications\/filedock-app\.desktop$/),
        expect.stringMatching(/256x256\.png=\/usr\/share\/icons\/hicolor\/256x256\/apps\/filedock-app\.png$/),
        expect.stringMatching(/16x16\.png=\/usr\/share\/icons\/hicolor\/16x16\/apps\/filedock-app\.png$/),
      ]),
    )
    const entry = Object.fromEntries(
      deb.desktop
        .split('\n')
        .filter((l) => l.includes('='))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    )
    expect(entry).toMatchObject({
      Name: 'Filedock',
      Exec: '/opt/Filedock/filedock-app %F',
      Icon: 'filedock-app',
      // package.json's desktopName: Electron gives its windows this app_id, so the desktop matches them to it.
      StartupWMClass: 'filedock-app',
    })
    expect(entry.MimeType).toBeUndefined()
  })

  it('declares as dependencies exactly the packages the main bundle loads at run time', () => {
    expect(mainRequires).toEqual(['@napi-rs/keyring', 'better-sqlite3'])
    expect(Object.keys(pkg.dependencies).sort()).toEqual(mainRequires)
  })

  it("holds main, preload, the index's folder writer, the renderer and package.json; no source maps, no CLI", () => {
    const dist = files.filter((f) => f.startsWith('dist') && !f.endsWith('dist') && /\.\w+$/.test(f))
    expect(dist.map((f) => f.replaceAll('\\', '/')).sort()).toEqual([
      'dist/electron/index-writer.cjs',
      'dist/electron/main.cjs',
      'dist/electron/preload.cjs',
      'dist/renderer/assets/app.js',
      'dist/renderer/index.html',
    ])
    expect(files.filter((f) => !f.includes('/') && !f.includes('\\')).sort()).toEqual([
      'dist',
      'node_modules',
      'package.json',
    ])
  })

  it('packs only the runtime packages and what they need to load, not their install-time tools', async () => {
    const packages = new Set<string>()
    for (const f of files) {
      const parts = f.split(/[/\\]/)
      if (parts[0] !== 'node_modules' || parts.length < 2) continue
      const name = parts[1]?.startsWith('@') ? `${parts[1]}/${parts[2] ?? ''}` : parts[1]
      if (name && !name.endsWith('/')) packages.add(name)
    }
    const platformKeyring = (await readdir(join(root, 'node_modules', '@napi-rs')))
      .filter((n) => n.startsWith('keyring-'))
      .map((n) => `@napi-rs/${n}`)
    expect([...packages].sort()).toEqual(
      ['@napi-rs/keyring', ...platformKeyring, 'better-sqlite3', 'bindings', 'file-uri-to-path'].sort(),
    )
    // Native addons are unpacked next to the archive (a .node file cannot be loaded from inside it).
    const unpacked = await readdir(join(app, 'node_modules', '@napi-rs', platformKeyring[0]?.slice(9) ?? ''))
    expect(unpacked.some((f) => f.endsWith('.node'))).toBe(true)
  })

  it('loads every runtime package from the packed copy alone (SQLite with a given addon, as under Electron)', () => {
    const nodeAddon = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
    const probe = `
      const { createRequire } = require('node:module')
      const fromApp = createRequire(${JSON.stringify(join(app, 'dist', 'electron', 'main.cjs'))})
      const keyring = fromApp('@napi-rs/keyring')
      const Database = fromApp('better-sqlite3')
      const db = new Database(':memory:', { nativeBinding: ${JSON.stringify(nodeAddon)} })
      const where = (id) => require('node:path').relative(${JSON.stringify(app)}, fromApp.resolve(id))
      console.log(JSON.stringify({
        entry: typeof keyring.Entry,
        sqlite: db.prepare('select 1 + 1 as two').get().two,
        from: [where('@napi-rs/keyring'), where('better-sqlite3')],
      }))`
    const run = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const seen = JSON.parse(run.stdout) as { entry: string; sqlite: number; from: string[] }
    expect(seen.entry).toBe('function')
    expect(seen.sqlite).toBe(2)
    for (const from of seen.from) expect(from.startsWith('node_modules')).toBe(true)
  })
})

describe('package.json', () => {
  it('keeps what Vite bundles into the renderer out of dependencies', async () => {
    const imported = new Set<string>()
    const visit = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) await visit(path)
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          for (const m of (await readFile(path, 'utf8')).matchAll(/from '([^.'][^']*)'/g)) {
            const spec = m[1] as string
            imported.add(
              spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string),
            )
          }
        }
      }
    }
    await visit(join(root, 'renderer', 'src'))
    expect(imported.size).toBeGreaterThan(5)
    for (const name of imported) {
      expect(pkg.dependencies[name], `${name} is bundled by Vite`).toBeUndefined()
      expect(pkg.devDependencies[name], `${name} is imported by the renderer`).toBeDefined()
    }
  })
})
