import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { chooseNativeBinding, electronBindingPath } from './native-binding.ts'
import { openIndexDb } from './open-index-db.ts'

/** better-sqlite3's addon as npm built it for this Node. */
const nodeAddon = join(
  dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
)

const node = { node: '22.0.0' } as NodeJS.ProcessVersions
const electron = { node: '22.0.0', electron: '45.4.1' } as NodeJS.ProcessVersions

describe('which SQLite addon the index loads', () => {
  it('uses better-sqlite3’s own build on Node (tests, the CLI, the browser host)', () => {
    expect(chooseNativeBinding(node, ['/app'], () => true)).toEqual({ path: undefined, problem: null })
    // …which is the build that loads here.
    expect(new Database(':memory:').prepare('SELECT 1 AS one').get()).toEqual({ one: 1 })
  })

  it('uses the Electron build by path under Electron, from the first root that has it', () => {
    const packaged = electronBindingPath('/opt/Filedock/resources', '45.4.1')
    const checkout = electronBindingPath('/src/filedock', '45.4.1')
    expect(packaged).toBe(join('/opt/Filedock/resources', 'native', 'electron-45.4.1', 'better_sqlite3.node'))
    const has = (files: string[]) => (path: string) => files.includes(path)
    expect(
      chooseNativeBinding(electron, ['/opt/Filedock/resources', '/src/filedock'], has([packaged, checkout])),
    ).toEqual({
      path: packaged,
      problem: null,
    })
    expect(chooseNativeBinding(electron, [undefined, '/src/filedock'], has([checkout]))).toEqual({
      path: checkout,
      problem: null,
    })
  })

  it('says what to run when Electron has no build of its own, instead of loading Node’s', () => {
    const choice = chooseNativeBinding(electron, ['/src/filedock'], () => false)
    expect(choice.path).toBeUndefined()
    expect(choice.problem).toMatch(/Electron 45\.4\.1.*node scripts\/build-sqlite-electron\.mjs/)
  })

  it('loads the addon from native/ by path when the process says it is Electron, and Node’s own build otherwise', () => {
    const root = mkdtempSync(join(tmpdir(), 'filedock-native-'))
    try {
      const inNative = electronBindingPath(root, '45.4.1')
      mkdirSync(dirname(inNative), { recursive: true })
      const file = join(root, 'file-index.sqlite')
      // A fake Electron with a file in native/ that is not an addon: loading fails on that very file, so the
      // index does load from native/ and not from node_modules.
      writeFileSync(inNative, 'not an addon')
      const fake = chooseNativeBinding({ ...process.versions, electron: '45.4.1' }, [undefined, root])
      expect(fake).toEqual({ path: inNative, problem: null })
      expect(() => openIndexDb(file, fake.path)).toThrow()
      // The same place holding a working addon (Node's, standing in for Electron's build): the index opens.
      copyFileSync(nodeAddon, inNative)
      const { db, rebuilt } = openIndexDb(file, fake.path)
      expect(rebuilt).toBeNull()
      expect(db.prepare('SELECT count(*) AS n FROM files').get()).toEqual({ n: 0 })
      db.close()
      // This process is Node: no path, better-sqlite3 finds its own build.
      expect(chooseNativeBinding(process.versions, [root])).toEqual({ path: undefined, problem: null })
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
