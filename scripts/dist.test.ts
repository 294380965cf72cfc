import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addonDest, ensureSqliteAddons, targetArchs } from './dist.mjs'
import { startHeadersMirror } from './testing/electron-headers-mirror.ts'

const root = join(import.meta.dirname, '..')
/** Not a real Electron version: nothing here can be mistaken for a real build. */
const ELECTRON = '96.5.4'
let work: string

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'filedock-dist-'))
})

afterAll(async () => {
  await rm(work, { recursive: true, force: true })
  await rm(join(root, 'native', '.build', `electron-${ELECTRON}-x64`), { recursive: true, force: true })
})

describe('npm run dist', () => {
  it('is scripts/dist.mjs, which packs after SQLite for Electron is built', async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: { dist: string }
    }
    expect(pkg.scripts.dist).toBe('node scripts/dist.mjs')
    const yml = await readFile(join(root, 'electron-builder.yml'), 'utf8')
    // The resources take the addon dist.mjs built for the platform and architecture being packed.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own file macros, not a template
    expect(yml).toContain('- from: native/dist/${platform}-${arch}')
    expect(addonDest('/src', 'linux', 'arm64')).toBe(join('/src', 'native', 'dist', 'linux-arm64'))
  })

  it('builds for each architecture electron-builder is asked to pack, or this machine’s', () => {
    expect(targetArchs(['--dir'], 'x64')).toEqual(['x64'])
    expect(targetArchs(['--linux', 'deb', '--arm64', '--x64'], 'x64')).toEqual(['x64', 'arm64'])
  })

  it('says which addon is missing when it cannot be built, and writes nothing', async () => {
    const mirror = await startHeadersMirror(ELECTRON, join(work, 'headers'), { refuse: true })
    try {
      const problems = await ensureSqliteAddons({
        appRoot: root,
        dest: work,
        electronVersion: ELECTRON,
        archs: ['x64'],
        platform: 'linux',
        distUrl: mirror.url,
        fromSource: true,
        stdio: 'ignore',
      })
      const file = join(work, 'native', 'dist', 'linux-x64', `electron-${ELECTRON}`, 'better_sqlite3.node')
      expect(problems).toEqual([`no SQLite for Electron ${ELECTRON} on linux-x64 (${file})`])
      expect(mirror.requests.length).toBeGreaterThan(0)
      expect(existsSync(join(work, 'native'))).toBe(false)
    } finally {
      mirror.close()
    }
  }, 120_000)
})
