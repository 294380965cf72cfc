import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HostFile, localPlan } from './local-plan.ts'
import { countingFs } from './testing/counting-fs.ts'
import { partNameOf } from './work-files.ts'

// The local side of a download plan, against real folders.
let root: string
let cases = 0
beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'filedock-plan-'))
})
afterAll(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

const code = (i: number) => `c${String(i).padStart(11, '0')}`
const file = (i: number, name: string, size: number, relDir: string[] = []): HostFile => ({
  code: code(i),
  name,
  size,
  relDir,
})

/** A fresh target folder holding `files` (path → content). */
async function target(files: Record<string, string | number> = {}): Promise<string> {
  const dir = join(root, `case-${++cases}`)
  await fsp.mkdir(dir)
  for (const [path, content] of Object.entries(files)) {
    await fsp.mkdir(join(dir, path, '..'), { recursive: true })
    await fsp.writeFile(join(dir, path), typeof content === 'number' ? Buffer.alloc(content) : content)
  }
  return dir
}

describe('what is on disk', () => {
  it('new, already here (same name and size), a conflict (another size), a download to resume', async () => {
    const seen: { bavail: number; bsize: number }[] = []
    const dir = await target({
      'here.txt': 10,
      'other.txt': 99,
      [partNameOf('half.iso', code(4))]: 400,
      'Photos/beach.jpg': 50,
    })
    const plan = await localPlan(
      [
        file(1, 'new.txt', 10),
        file(2, 'here.txt', 10),
        file(3, 'other.txt', 10),
        file(4, 'half.iso', 1000),
        file(5, 'beach.jpg', 50, ['Photos']),
        file(6, 'sunset.jpg', 70, ['Photos', 'New folder']),
      ],
      dir,
      'rename',
      'linux',
      // The disk's free space as statfs said it to the plan: read again afterwards, other writers may have moved it.
      {
        ...countingFs(),
        statfs: async (d) => {
          const st = await fsp.statfs(d)
          seen.push(st)
          return st
        },
      },
    )
    expect(plan.files.map((f) => [f.localName, f.state, f.partBytes, f.existingSize])).toEqual([
      ['new.txt', 'new', 0, undefined],
      ['here.txt', 'already-here', 0, undefined],
      ['other.txt', 'conflict', 0, 99],
      ['half.iso', 'resume', 400, undefined],
      ['beach.jpg', 'already-here', 0, undefined],
      ['sunset.jpg', 'new', 0, undefined],
    ])
    expect(plan.files[5]?.path).toBe(join(dir, 'Photos', 'New folder', 'sunset.jpg'))
    expect(plan).toMatchObject({ toFetch: 4, alreadyHere: 2, conflicts: 1, bytesAlreadyHere: 60 })
    expect(plan.bytesToFetch).toBe(10 + 10 + 600 + 70)
    expect(seen).toHaveLength(1)
    expect(plan.freeBytes).toBe((seen[0]?.bavail ?? 0) * (seen[0]?.bsize ?? 0))
  })

  it('a numbered copy of the same size, from a "keep both" run, is already here for skip and rename, not for overwrite', async () => {
    const dir = await target({ 'report.pdf': 5, 'report (1).pdf': 7, 'report (2).pdf': 9 })
    const files = [file(1, 'report.pdf', 9)]
    for (const policy of ['skip', 'rename'] as const) {
      const [planned] = (await localPlan(files, dir, policy, 'linux')).files
      expect(planned).toMatchObject({ state: 'already-here', path: join(dir, 'report (2).pdf') })
    }
    const [overwrite] = (await localPlan(files, dir, 'overwrite', 'linux')).files
    expect(overwrite).toMatchObject({ state: 'conflict', existingSize: 5, path: join(dir, 'report.pdf') })
  })

  it('a folder where the file goes is a conflict of unknown size', async () => {
    const dir = await target({ 'report.pdf/inside.txt': 1 })
    const [planned] = (await localPlan([file(1, 'report.pdf', 9)], dir, 'rename', 'linux')).files
    expect(planned).toMatchObject({ state: 'conflict', existingSize: null })
  })

  it('a target folder that does not exist yet: everything new, free space from the nearest folder that does', async () => {
    const dir = join(await target(), 'not', 'yet')
    const plan = await localPlan([file(1, 'a.txt', 1, ['x', 'y'])], dir, 'skip', 'linux')
    expect(plan.files[0]?.state).toBe('new')
    expect(plan.freeBytes).toBeGreaterThan(0)
  })
})

describe('names', () => {
  it('made safe for the platform, and the host name kept where it changed; folders mirrored safely', async () => {
    const dir = await target()
    const plan = await localPlan(
      [file(1, 'CON.txt', 1, ['a:b']), file(2, 'fine.txt', 1, ['ok'])],
      dir,
      'rename',
      'win32',
    )
    expect(plan.files[0]).toMatchObject({
      localName: '_CON.txt',
      renamedFrom: 'CON.txt',
      relDir: ['a_b'],
      path: join(dir, 'a_b', '_CON.txt'),
    })
    expect(plan.files[1]?.renamedFrom).toBeUndefined()
  })

  it("the host's twins (one name twice in a folder): the first keeps it, the others get their code", async () => {
    const dir = await target()
    const plan = await localPlan(
      [file(1, 'scan.pdf', 1), file(2, 'scan.pdf', 2), file(3, 'scan.pdf', 3, ['other'])],
      dir,
      'rename',
      'linux',
    )
    expect(plan.files.map((f) => f.localName)).toEqual(['scan.pdf', `scan (${code(2)}).pdf`, 'scan.pdf'])
  })

  it('names that only become twins on disk: made safe alike, or equal but for case where case is ignored', async () => {
    const dir = await target()
    const merged = await localPlan([file(1, 'a:b.txt', 1), file(2, 'a_b.txt', 2)], dir, 'rename', 'darwin')
    expect(merged.files.map((f) => f.localName)).toEqual(['a_b.txt', `a_b (${code(2)}).txt`])
    const cased = await localPlan(
      [file(1, 'Report.pdf', 1), file(2, 'report.pdf', 2)],
      dir,
      'rename',
      'win32',
    )
    expect(cased.files.map((f) => f.localName)).toEqual(['Report.pdf', `report (${code(2)}).pdf`])
    const linux = await localPlan(
      [file(1, 'Report.pdf', 1), file(2, 'report.pdf', 2)],
      dir,
      'rename',
      'linux',
    )
    expect(linux.files.map((f) => f.localName)).toEqual(['Report.pdf', 'report.pdf'])
  })

  it('on case-blind platforms, a file on disk that differs only in case is the same name', async () => {
    const dir = await target({ 'REPORT.PDF': 9 })
    const [planned] = (await localPlan([file(1, 'report.pdf', 9)], dir, 'skip', 'darwin')).files
    expect(planned?.state).toBe('already-here')
  })
})

describe('file system calls', () => {
  it('100,000 files into 100 new folders: one readdir per folder that could exist, no stat, one statfs', async () => {
    const dir = await target()
    const files = Array.from({ length: 100_000 }, (_, i) => file(i, `f${i}.bin`, 100, [`d${i % 100}`]))
    const fs = countingFs()
    const plan = await localPlan(files, dir, 'skip', 'linux', fs)
    expect(plan.toFetch).toBe(100_000)
    // The 100 folders do not exist: each is asked once (ENOENT); none of the files is stat'ed.
    expect(fs.calls).toEqual({ readdir: 100, lstat: 0, statfs: 1 })
  })

  it('no call under a folder that does not exist', async () => {
    const dir = await target()
    const files = Array.from({ length: 1000 }, (_, i) =>
      file(i, `f${i}`, 1, ['top', `sub${i % 10}`, 'deeper']),
    )
    files.push(file(1000, 'root.txt', 1))
    const fs = countingFs()
    await localPlan(files, join(dir, 'missing'), 'skip', 'linux', fs)
    // The root (missing) only: nothing below it is asked for. statfs walks up from the missing root to its parent.
    expect(fs.calls).toEqual({ readdir: 1, lstat: 0, statfs: 2 })
  })

  it('re-running a complete download of 2,000 files in 20 folders: one readdir per folder, one stat per file there', async () => {
    const onDisk: Record<string, number> = {}
    const files: HostFile[] = []
    for (let i = 0; i < 2000; i++) {
      files.push(file(i, `f${i}.bin`, i % 7, [`d${i % 20}`]))
      onDisk[`d${i % 20}/f${i}.bin`] = i % 7
    }
    const dir = await target(onDisk)
    const fs = countingFs()
    const plan = await localPlan(files, dir, 'skip', 'linux', fs)
    expect(plan).toMatchObject({ alreadyHere: 2000, toFetch: 0, bytesToFetch: 0 })
    expect(fs.calls).toEqual({ readdir: 20, lstat: 2000, statfs: 1 })
  })
})
