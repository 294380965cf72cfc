import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { IndexReader } from '../core/index/index-reader.ts'
import { chooseNativeBinding } from '../core/index/native-binding.ts'
import { openIndexDb } from '../core/index/open-index-db.ts'
import { indexedFile, putListedFiles } from '../core/index/testing/indexed-file.ts'
import { startHeadersMirror } from './testing/electron-headers-mirror.ts'

const root = join(import.meta.dirname, '..')
const script = join(root, 'scripts', 'build-sqlite-electron.mjs')
/** Not a real Electron: a version of its own, so nothing this test writes can be taken for a real build. */
const VERSION = '98.7.6'
const nodeBuild = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

/**
 * The whole build as `npm start` runs it when Electron is installed, with one stand-in: Electron's headers come
 * from a server on loopback (its --dist-url), which serves this Node's own headers under the Electron version's
 * name, so the addon it yields can be loaded and used here. npm's `nodedir` setting is in the environment, as on
 * this machine: were it passed on, node-gyp would read the headers from there and never ask the server.
 */
it('compiles SQLite against the headers at --dist-url into native/ (over a killed run’s leftovers), leaves Node’s build alone, and the index opens through it', async () => {
  const work = await mkdtemp(join(tmpdir(), 'filedock-electron-sqlite-'))
  const tarball = `node-v${VERSION}-headers.tar.gz`
  const mirror = await startHeadersMirror(VERSION, work)
  const requests = mirror.requests
  const nodeBuildBefore = sha256(nodeBuild)
  const out = join(root, 'native', `electron-${VERSION}`)
  // What a build killed mid-way leaves: its work folder, with a file where the addon is looked for. The next run
  // starts that folder afresh and never takes the leftover for its result.
  const leftover = join(root, 'native', '.build', `electron-${VERSION}-${process.arch}`, 'build', 'Release')
  mkdirSync(leftover, { recursive: true })
  writeFileSync(join(leftover, 'better_sqlite3.node'), 'not an addon')
  try {
    await promisify(execFile)(
      process.execPath,
      [script, '--electron-version', VERSION, '--from-source', '--dist-url', mirror.url],
      {
        env: {
          ...process.env,
          npm_config_nodedir: '/usr',
          // node-gyp keeps the headers it fetched here, not in the user's cache.
          npm_config_devdir: join(work, 'node-gyp'),
        },
        // A safety net, not a speed check: SQLite's amalgamation takes 1–2 min to compile on an idle 2-core box,
        // and more than 280 s under a loaded one (a CI run beside other work failed on that alone).
        timeout: 840_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    expect(requests).toEqual([`/v${VERSION}/${tarball}`, `/v${VERSION}/SHASUMS256.txt`])
    // The file the app picks under this Electron version is the one just built; Node's is untouched.
    const picked = chooseNativeBinding({ ...process.versions, electron: VERSION }, [root])
    expect(picked).toEqual({ path: join(out, 'better_sqlite3.node'), problem: null })
    expect(sha256(nodeBuild)).toBe(nodeBuildBefore)
    expect(existsSync(join(root, 'native', '.build', `electron-${VERSION}-${process.arch}`))).toBe(false)

    const { db } = openIndexDb(join(work, 'file-index.sqlite'), picked.path)
    try {
      db.exec("INSERT INTO accounts (acct, account_id) VALUES (1, 'one')")
      putListedFiles(db, 1, [indexedFile(1, { name: 'Report.pdf' })])
      const window = new IndexReader(db).window(
        { accts: [1], fldId: null, search: 'repo', sort: { key: 'name', dir: 'asc' } },
        0,
        10,
        true,
      )
      expect(window.rows.map((r) => r.name)).toEqual(['Report.pdf'])
    } finally {
      db.close()
    }
  } finally {
    mirror.close()
    await rm(out, { recursive: true, force: true })
    await rm(join(root, 'native', '.build', `electron-${VERSION}-${process.arch}`), {
      recursive: true,
      force: true,
    })
    await rm(work, { recursive: true, force: true })
  }
}, 900_000)
