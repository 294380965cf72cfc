import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The browser host serves dist/renderer, so it must be built and current. Rebuild when it is missing or older
 * than any renderer or shared source (scripts/test.sh builds first, so this is usually a no-op there).
 */
export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '..')
  const built = path.join(root, 'dist/renderer/index.html')
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0
  if (builtAt > 0 && newestSource(root) <= builtAt) return
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}

function newestSource(root: string): number {
  let newest = 0
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else newest = Math.max(newest, fs.statSync(full).mtimeMs)
    }
  }
  for (const dir of ['renderer', 'shared']) walk(path.join(root, dir))
  return Math.max(newest, fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs)
}
