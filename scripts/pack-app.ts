import { spawnSync } from 'node:child_process'
import { chmod, cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { ensureSqliteAddons } from './dist.mjs'

/**
 * Packs the app the way `npm run dist` does, without the network: electron-builder (`--dir`, Linux x64) on a
 * staged copy of the app (main built by build-electron.mjs, the renderer given, the real package.json, lock,
 * electron-builder.yml and the production node_modules). The Electron binary cannot be downloaded here, so a
 * stand-in is given as electronDist; the fuses (which patch that binary) are the only part of the configuration
 * left out. Used by scripts/package-contents.test.ts and `npm run bench -- --only package`.
 */
const root = join(import.meta.dirname, '..')

export interface PackedApp {
  /** The packed app's resources folder: app.asar, app.asar.unpacked, native/. */
  resources: string
  /** The main bundle that was packed, as text. */
  mainCode: string
  /** electron-builder's output folder (linux-unpacked/, and a .deb's stand-in record when one was asked for). */
  out: string
}

export interface PackOptions {
  /** Fills dist/renderer of the staged app (a stand-in, or the real build). */
  renderer: (dir: string) => Promise<void>
  /** Another package.json and package-lock.json (a baseline: what an earlier version declared). */
  packageJson?: { manifest: string; lock: string }
  /** Other `files` globs than electron-builder.yml's (a baseline). */
  files?: string[]
  /**
   * Build SQLite for Electron first, as `npm run dist` does (scripts/dist.mjs), for this Electron version (also
   * the one packed) with headers from `distUrl`.
   */
  sqlite?: { electronVersion: string; distUrl: string }
  /** Also make a .deb, with this stand-in for fpm (electron-builder's packer, downloaded by it otherwise). */
  debWith?: string
}

export async function packApp(work: string, o: PackOptions): Promise<PackedApp> {
  const stage = join(work, 'app')
  const built = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'build-electron.mjs'), '--outdir', join(stage, 'dist', 'electron')],
    { encoding: 'utf8' },
  )
  if (built.status !== 0) throw new Error(`building main failed: ${built.stderr}`)
  await mkdir(join(stage, 'dist', 'renderer'), { recursive: true })
  await o.renderer(join(stage, 'dist', 'renderer'))
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) {
    await cp(join(root, file), join(stage, file))
  }
  // Icons and the Windows installer's include.
  await cp(join(root, 'build'), join(stage, 'build'), { recursive: true })
  if (o.files !== undefined) {
    // Replaced in the staged file itself: a `files` given to electron-builder's API is merged with the file's.
    const yml = await readFile(join(stage, 'electron-builder.yml'), 'utf8')
    const list = o.files.map((f) => `  - ${JSON.stringify(f)}\n`).join('')
    await writeFile(
      join(stage, 'electron-builder.yml'),
      yml.replace(/^files:\n(?:[ #].*\n)+/m, `files:\n${list}`),
    )
  }
  if (o.packageJson !== undefined) {
    await writeFile(join(stage, 'package.json'), o.packageJson.manifest)
    await writeFile(join(stage, 'package-lock.json'), o.packageJson.lock)
  }
  // The production install electron-builder would see (dependencies and all they depend on, install-time tools
  // included), copied: npm cannot list a symlinked node_modules.
  for (const name of await productionClosure(join(stage, 'package.json'))) {
    await cp(join(root, 'node_modules', name), join(stage, 'node_modules', name), {
      recursive: true,
      dereference: true,
    })
  }
  const electronDist = join(work, 'electron-dist')
  await mkdir(electronDist, { recursive: true })
  await writeFile(join(electronDist, 'electron'), '#!/bin/sh\n')
  await chmod(join(electronDist, 'electron'), 0o755)
  const out = join(work, 'out')
  const electronVersion =
    o.sqlite?.electronVersion ??
    (
      JSON.parse(await readFile(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as {
        version: string
      }
    ).version
  if (o.sqlite !== undefined) {
    const problems = await ensureSqliteAddons({
      appRoot: root,
      dest: stage,
      electronVersion,
      archs: ['x64'],
      platform: 'linux',
      distUrl: o.sqlite.distUrl,
      fromSource: true,
      stdio: 'ignore',
    })
    if (problems.length > 0) throw new Error(`SQLite for Electron: ${problems.join('; ')}`)
  }
  // npmRebuild stays false whatever the file says: a rebuild would replace node_modules' build of SQLite.
  const script = `
    import { Arch, build, Platform } from 'electron-builder'
    await build({
      projectDir: ${JSON.stringify(stage)},
      targets: Platform.LINUX.createTarget(${JSON.stringify(o.debWith ? ['dir', 'deb'] : ['dir'])}, Arch.x64),
      config: {
        electronFuses: null,
        npmRebuild: false,
        electronDist: ${JSON.stringify(electronDist)},
        electronVersion: ${JSON.stringify(electronVersion)},
        directories: { output: ${JSON.stringify(out)} },
      },
    })`
  const packed = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      ELECTRON_BUILDER_OFFLINE: 'true',
      ...(o.debWith ? { CUSTOM_FPM_PATH: o.debWith } : {}),
    },
  })
  if (packed.status !== 0) throw new Error(`electron-builder failed: ${packed.stderr.slice(-2000)}`)
  return {
    resources: join(out, 'linux-unpacked', 'resources'),
    mainCode: await readFile(join(stage, 'dist', 'electron', 'main.cjs'), 'utf8'),
    out,
  }
}

/** The packages an `npm install --omit=dev` would hold: dependencies, their dependencies, and so on. */
export async function productionClosure(packageJson = join(root, 'package.json')): Promise<string[]> {
  const pkg = JSON.parse(await readFile(packageJson, 'utf8')) as { dependencies: object }
  const seen = new Set<string>()
  const queue = Object.keys(pkg.dependencies)
  while (queue.length > 0) {
    const name = queue.shift() as string
    if (seen.has(name)) continue
    const manifest = await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8').catch(
      () => null,
    )
    // An optional dependency for another platform is not installed.
    if (manifest === null) continue
    seen.add(name)
    const m = JSON.parse(manifest) as { dependencies?: object; optionalDependencies?: object }
    queue.push(...Object.keys(m.dependencies ?? {}), ...Object.keys(m.optionalDependencies ?? {}))
  }
  return [...seen]
}

/** Packages a CommonJS bundle requires, built-ins and electron aside (ws's optional speed-ups too: try/require). */
export function requiredPackages(code: string): string[] {
  const optional = new Set(['bufferutil', 'utf-8-validate', 'electron'])
  const names = [...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1] as string)
  const packages = names
    .filter((n) => !n.startsWith('node:') && !builtinModules.includes(n) && !n.startsWith('.'))
    .map((n) => (n.startsWith('@') ? n.split('/').slice(0, 2).join('/') : (n.split('/')[0] as string)))
  return [...new Set(packages)].filter((n) => !optional.has(n)).sort()
}
