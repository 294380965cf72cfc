import { execFileSync, spawnSync } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { listPackage } from '@electron/asar'
import { packApp } from '../scripts/pack-app.ts'

const root = join(import.meta.dirname, '..')
const before = (file: string) =>
  execFileSync('git', ['show', `ff841f4^:${file}`], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })

/**
 * What a user downloads besides Electron itself: the packed app (scripts/pack-app.ts: electron-builder --dir
 * with the real renderer build), now and as packaging was before the allow-list and the dependency clean-up
 * (commit ff841f4: every production dependency and all of dist/ packed).
 */
export async function benchPackage(work: string): Promise<Record<string, unknown>> {
  const renderer = join(work, 'renderer-build')
  const vite = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      renderer,
      '--emptyOutDir',
    ],
    { cwd: root, encoding: 'utf8' },
  )
  if (vite.status !== 0) throw new Error(`vite build failed: ${vite.stderr}`)
  const copyRenderer = async (dir: string) => {
    execFileSync('cp', ['-R', `${renderer}/.`, dir])
  }
  const now = await packApp(join(work, 'pack-now'), { renderer: copyRenderer })
  const old = await packApp(join(work, 'pack-before'), {
    renderer: copyRenderer,
    packageJson: { manifest: before('package.json'), lock: before('package-lock.json') },
    files: ['dist/**', '!dist/**/*.map', 'package.json'],
  })
  return { now: await measure(now.resources), before: await measure(old.resources) }
}

async function measure(resources: string): Promise<Record<string, number>> {
  const entries = listPackage(join(resources, 'app.asar'), { isPack: false })
  const packages = new Set(
    entries.flatMap((e) => /node_modules[/\\](@[^/\\]+[/\\][^/\\]+|[^/\\@]+)$/.exec(e)?.[1] ?? []),
  )
  return {
    asarMiB: round((await stat(join(resources, 'app.asar'))).size / 2 ** 20),
    resourcesMiB: round((await du(resources)) / 2 ** 20),
    archiveEntries: entries.length,
    packages: packages.size,
  }
}

async function du(path: string): Promise<number> {
  const s = await stat(path)
  if (!s.isDirectory()) return s.size
  let total = 0
  for (const name of await readdir(path)) total += await du(join(path, name))
  return total
}

const round = (n: number) => Math.round(n * 10) / 10
