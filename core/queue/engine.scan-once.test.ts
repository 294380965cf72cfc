import * as fs from 'node:fs'
import { rm, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openEngine, removeDir, sandboxRig, type TestEngine, tempDir, writeTree } from './testing/support.ts'

// Every folder listing of the scan, counted (the scan lists folders with readdirSync: scan-fs.ts).
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>()
  return { ...real, readdirSync: vi.fn(real.readdirSync) }
})

/** A dropped folder is listed once for the question "already there?" and its enqueue together (scan-reuse.ts). */
describe('a drop asked about, then queued', () => {
  const rig = sandboxRig()
  const targets = [{ accountId: 'main', fldId: 0 }]
  let src: string
  let t: TestEngine

  /** Folder listings under `src` since the test began. */
  const listings = () =>
    vi.mocked(fs.readdirSync).mock.calls.filter(([path]) => String(path).startsWith(src)).length

  /** Folders that have sat still for a minute, as most dropped folders have. */
  async function settle(...dirs: string[]): Promise<void> {
    const minuteAgo = new Date(Date.now() - 60_000)
    for (const dir of dirs) await utimes(dir, minuteAgo, minuteAgo)
  }

  beforeEach(async () => {
    src = await tempDir()
    await writeTree(src, { 'trip/a.txt': 'aaa', 'trip/day2/b.txt': 'bbbb', 'trip/day2/night/c.txt': 'cc' })
    await settle(join(src, 'trip'), join(src, 'trip/day2'), join(src, 'trip/day2/night'))
    t = await openEngine({ clientFor: () => rig.client })
    await t.engine.pause()
    vi.mocked(fs.readdirSync).mockClear()
  })

  afterEach(async () => {
    await t.close()
    await removeDir(t.dataDir)
    await removeDir(src)
  })

  const drop = () => ({ paths: [join(src, 'trip')], targets })
  const queuedNames = () =>
    t.engine
      .snapshot()
      .items.map((i) => i.relPath)
      .sort()

  it('lists each folder once: the enqueue takes the question’s scan', async () => {
    expect(await t.engine.countAlreadyThere(drop())).toEqual({ files: 3, alreadyThere: 0 })
    expect(listings()).toBe(3)
    expect(await t.engine.enqueuePaths(drop())).toMatchObject({ accepted: 3, problems: [] })
    expect(listings()).toBe(3)
    expect(queuedNames()).toEqual(['trip/a.txt', 'trip/day2/b.txt', 'trip/day2/night/c.txt'])
    // Taken once: the same drop queued again is scanned again.
    await t.engine.enqueuePaths(drop())
    expect(listings()).toBe(6)
  })

  it('queues a file added between the question and the enqueue', async () => {
    await t.engine.countAlreadyThere(drop())
    await writeFile(join(src, 'trip/day2/night/new.txt'), 'new')
    expect(await t.engine.enqueuePaths(drop())).toMatchObject({ accepted: 4, problems: [] })
    expect(queuedNames()).toContain('trip/day2/night/new.txt')
    expect(listings()).toBe(6)
  })

  it('leaves out a file removed meanwhile, and the drop finishes without a failure', async () => {
    await t.engine.countAlreadyThere(drop())
    await rm(join(src, 'trip/day2/b.txt'))
    expect(await t.engine.enqueuePaths(drop())).toMatchObject({ accepted: 2, problems: [] })
    await t.engine.resume()
    await t.engine.whenIdle()
    expect(t.engine.snapshot().items.map((i) => [i.relPath, i.state])).toEqual([
      ['trip/a.txt', 'done'],
      ['trip/day2/night/c.txt', 'done'],
    ])
  })

  it('reads a dropped file again when it changed meanwhile', async () => {
    const file = join(src, 'trip/a.txt')
    const alone = { paths: [file], targets }
    await t.engine.countAlreadyThere(alone)
    await writeFile(file, 'a longer text than before')
    await t.engine.enqueuePaths(alone)
    expect(t.engine.snapshot().items.map((i) => i.size)).toEqual(['a longer text than before'.length])
  })

  it('lists again a folder changed just before the scan: a coarse clock could hide a change just after it', async () => {
    await writeFile(join(src, 'trip/day2/fresh.txt'), 'fresh')
    await t.engine.countAlreadyThere(drop())
    expect(listings()).toBe(3)
    await t.engine.enqueuePaths(drop())
    expect(listings()).toBe(6)
  })
})
