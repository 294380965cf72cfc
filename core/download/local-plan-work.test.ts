import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type HostFile, localPlan } from './local-plan.ts'
import { countingFs } from './testing/counting-fs.ts'

/**
 * What a plan computes per file, counted where it is computed: a folder's safe path once per folder, and a work
 * file's name only for the files of a folder that holds work files (a fresh download of 100,000 files makes none).
 */
const made = vi.hoisted(() => ({ partNames: 0, safeDirs: 0 }))
vi.mock('./work-files.ts', async (original) => {
  const real = await original<typeof import('./work-files.ts')>()
  return {
    ...real,
    partNameOf: (name: string, code: string) => {
      made.partNames++
      return real.partNameOf(name, code)
    },
  }
})
vi.mock('../../shared/local-names.ts', async (original) => {
  const real = await original<typeof import('../../shared/local-names.ts')>()
  return {
    ...real,
    safeRelDir: (segments: readonly string[], platform: string) => {
      made.safeDirs++
      return real.safeRelDir(segments, platform)
    },
  }
})
const { partNameOf } = await import('./work-files.ts')

let root: string
beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'filedock-plan-work-'))
})
afterAll(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})
beforeEach(() => {
  made.partNames = 0
  made.safeDirs = 0
})

const PER_FOLDER = 500
const code = (i: number) => `c${String(i).padStart(11, '0')}`

/** PER_FOLDER files in each folder; the files of a folder share one relDir array, as the app gives them. */
function filesIn(folders: string[][]): HostFile[] {
  return folders.flatMap((relDir, f) =>
    Array.from({ length: PER_FOLDER }, (_, i) => ({
      code: code(f * PER_FOLDER + i),
      name: `file ${i}.bin`,
      size: 100 + i,
      relDir,
    })),
  )
}

describe('the work a plan does per file', () => {
  it('a fresh download: every folder made safe once, no work file name made, no stat', async () => {
    const dir = join(root, 'fresh')
    await fsp.mkdir(dir)
    const fs = countingFs()
    const plan = await localPlan(filesIn([[], ['Photos'], ['Photos', '2024']]), dir, 'skip', 'linux', fs)
    expect(plan.toFetch).toBe(3 * PER_FOLDER)
    expect(made).toEqual({ partNames: 0, safeDirs: 3 })
    // The download folder (empty) and Photos (not there: nothing below it is asked for).
    expect(fs.calls).toEqual({ readdir: 2, lstat: 0, statfs: 1 })
  })

  it('a folder holding a work file: work file names for its files only, and its download resumed', async () => {
    const dir = join(root, 'resume')
    await fsp.mkdir(join(dir, 'Photos'), { recursive: true })
    await fsp.writeFile(join(dir, 'Photos', partNameOf('file 7.bin', code(PER_FOLDER + 7))), Buffer.alloc(40))
    await fsp.writeFile(join(dir, 'file 3.bin'), Buffer.alloc(103))
    made.partNames = 0
    const fs = countingFs()
    const plan = await localPlan(filesIn([[], ['Photos']]), dir, 'skip', 'linux', fs)
    expect(made).toEqual({ partNames: PER_FOLDER, safeDirs: 2 })
    expect(
      plan.files.filter((f) => f.state !== 'new').map((f) => [f.localName, f.state, f.partBytes]),
    ).toEqual([
      ['file 3.bin', 'already-here', 0],
      ['file 7.bin', 'resume', 40],
    ])
    expect(fs.calls).toEqual({ readdir: 2, lstat: 2, statfs: 1 })
  })
})
