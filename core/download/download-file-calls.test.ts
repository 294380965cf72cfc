import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { downloadFile } from './download-file.ts'
import { downloadSandboxForAll, sha256OfFile } from './testing/download-sandbox.ts'
import { partPathOf, sizeOf } from './work-files.ts'

// What one small download costs the process's thread, counted as calls (issue 18: a folder of 2,000 small files
// spends its time per file, not per byte): each path looked at once, no journal line for a file that arrives whole.

const looked = vi.hoisted(() => ({ on: false, paths: [] as string[], mkdirs: [] as string[] }))
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>()
  const note =
    <A extends unknown[], R>(call: (path: string, ...rest: A) => R) =>
    (path: string, ...rest: A): R => {
      if (looked.on) looked.paths.push(path)
      return call(path, ...rest)
    }
  const mkdir: typeof fs.mkdir = ((path: string, opts?: object) => {
    if (looked.on) looked.mkdirs.push(path)
    return fs.mkdir(path, opts)
  }) as typeof fs.mkdir
  const counted = { ...fs, stat: note(fs.stat as never), lstat: note(fs.lstat as never), mkdir }
  return { ...counted, default: counted }
})

const t = downloadSandboxForAll()

/** The paths stat'ed or lstat'ed while `work` runs, with how often each was. */
async function looks(work: () => Promise<unknown>): Promise<Map<string, number>> {
  looked.paths = []
  looked.mkdirs = []
  looked.on = true
  try {
    await work()
  } finally {
    looked.on = false
  }
  const counts = new Map<string, number>()
  for (const p of looked.paths) counts.set(p, (counts.get(p) ?? 0) + 1)
  return counts
}

describe('one small download, fresh', () => {
  it('looks at its work file and at its name once each', async () => {
    const file = await t.upload('small.bin', 10_240)
    const dir = await t.folder()
    const o = t.options(file.code, file.size, dir)
    const counts = await looks(() => downloadFile(o))
    expect(await sha256OfFile(join(dir, o.localName))).toBe(file.sha)
    // The size check before placing (placeFile), and "already here?" before fetching (downloadFile): the name is
    // taken with link(2), which fails if it exists, so it is not looked at again before.
    expect(counts.get(partPathOf(dir, o.localName, file.code)) ?? 0).toBe(1)
    expect(counts.get(join(dir, o.localName)) ?? 0).toBe(1)
  })

  it('into a folder that is there, makes no folder (each mkdir is two trips to the thread pool per file)', async () => {
    const file = await t.upload('in-place.bin', 10_240)
    const dir = await t.folder()
    const o = t.options(file.code, file.size, dir)
    await looks(() => downloadFile(o))
    expect(await sha256OfFile(join(dir, o.localName))).toBe(file.sha)
    expect(looked.mkdirs).toEqual([])
  })

  it('into a folder that is not there (yet, or any more), makes it and puts the file in it', async () => {
    const file = await t.upload('deep.bin', 10_240)
    const dir = join(await t.folder(), 'a', 'b')
    const o = t.options(file.code, file.size, dir)
    await looks(() => downloadFile(o))
    expect(await sha256OfFile(join(dir, o.localName))).toBe(file.sha)
    expect(looked.mkdirs).toEqual([dir])
  })
})

describe('the validator handed to the caller to journal', () => {
  it('not for a file whose body completes the work file in one chunk', async () => {
    const file = await t.upload('one-chunk.bin', 10_240)
    const dir = await t.folder()
    const kept: (string | null)[] = []
    const progress: number[] = []
    const result = await downloadFile(
      t.options(file.code, file.size, dir, {
        onValidator: (v) => void kept.push(v),
        onProgress: (done) => void progress.push(done),
      }),
    )
    // The case at hand: the whole body in one chunk (10 KiB over loopback, in one write of the sandbox's).
    expect(progress).toEqual([0, 10_240])
    expect(result.outcome).toBe('placed')
    expect(result.validator).toMatch(/^"/)
    expect(kept).toEqual([])
  })

  it('once for a file of many chunks, before the first of its bytes is in the work file', async () => {
    const file = await t.upload('many-chunks.bin', 1 << 20)
    const dir = await t.folder()
    const o = t.options(file.code, file.size, dir)
    const kept: { validator: string | null; partBytes: number }[] = []
    const result = await downloadFile({
      ...o,
      onValidator: async (validator) => {
        kept.push({ validator, partBytes: await sizeOf(partPathOf(dir, o.localName, file.code)) })
      },
    })
    expect(await sha256OfFile(result.path)).toBe(file.sha)
    expect(kept).toEqual([{ validator: result.validator, partBytes: 0 }])
  })
})
