// `npm run web` starts in well under a second when nothing changed: the renderer is rebuilt only when a file it
// is built from is newer than the last build (vite build takes seconds on a 2-core machine).
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = join(root, 'dist', 'renderer', 'index.html')
const sources = [
  'renderer',
  'shared',
  'vite.config.ts',
  'scripts/vite-i18n.ts',
  'scripts/vite-chunk-budget.ts',
  'package-lock.json',
]

function newestMtime(path) {
  let stat
  try {
    stat = statSync(path)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

let builtAt = 0
try {
  builtAt = statSync(built).mtimeMs
} catch {}
const stale = sources.some((source) => newestMtime(join(root, source)) > builtAt)
if (stale || process.argv.includes('--force')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, ['run', 'build:renderer', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    shell: process.platform === 'win32',
  })
  process.exit(result.status ?? 1)
}
