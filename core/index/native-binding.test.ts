import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { chooseNativeBinding, electronBindingPath } from './native-binding.ts'

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
})
