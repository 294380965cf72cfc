import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { electronBindingPath } from '../index/native-binding.ts'
import { createCore } from './create-core.ts'
import { MemorySecretStore } from './testing/memory-secret-store.ts'

/** A made-up Electron version, so nothing here can be taken for a real build. */
const ELECTRON = '97.6.5'
let work: string
const cwd = process.cwd()

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'filedock-addon-'))
  Object.defineProperty(process.versions, 'electron', {
    value: ELECTRON,
    configurable: true,
    enumerable: true,
  })
})

afterEach(async () => {
  process.chdir(cwd)
  Reflect.deleteProperty(process.versions, 'electron')
  await rm(work, { recursive: true, force: true })
})

async function indexProblem(o: { roots: string[]; packaged: boolean }): Promise<string[]> {
  const lines: string[] = []
  const core = await createCore({
    dataDir: join(work, 'data'),
    host: 'electron',
    version: '0.1.0-test',
    secretStore: new MemorySecretStore(),
    log: (line) => lines.push(line),
    nativeAddon: o,
  })
  await core.dispose()
  return lines.filter((l) => /index|SQLite/i.test(l))
}

describe("under Electron, SQLite's addon", () => {
  it('is never loaded from the working directory an installed Filedock was started in', async () => {
    // A folder holding a file where a checkout keeps its Electron build, and Filedock started from there.
    const planted = electronBindingPath(join(work, 'downloads'), ELECTRON)
    await mkdir(join(planted, '..'), { recursive: true })
    await writeFile(planted, 'not our code')
    process.chdir(join(work, 'downloads'))
    const resources = join(work, 'resources')
    await mkdir(resources)

    expect(await indexProblem({ roots: [resources], packaged: true })).toEqual([
      `Filedock: This Filedock was packaged without the file index's SQLite for Electron ${ELECTRON}: install a complete release.`,
    ])
  })

  it('tells a checkout which command builds it', async () => {
    expect(await indexProblem({ roots: [work], packaged: false })).toEqual([
      expect.stringContaining('run `node scripts/build-sqlite-electron.mjs`'),
    ])
  })
})
