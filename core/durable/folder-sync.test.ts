import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { syncFolder } from './folder-sync.ts'

// Each folder fsync is held open by the test until it lets it go, so "a caller that came while a sync ran" is a
// fact of the test, not a race with the disk.
const fsyncs = vi.hoisted(() => ({
  /** Per fsync in start order: its folder, and how to end it (with an error or not). */
  started: [] as { dir: string; end: (err?: Error) => void }[],
}))
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>()
  const open = (async (path: string, flags?: string) => {
    const fh = await fs.open(path, flags)
    return Object.assign(Object.create(fh), {
      sync: () =>
        new Promise<void>((resolve, reject) => {
          let ended = false
          const end = (err?: Error) => {
            if (ended) return
            ended = true
            if (err) reject(err)
            else resolve(fh.sync())
          }
          fsyncs.started.push({ dir: path, end })
        }),
      close: () => fh.close(),
    })
  }) as typeof fs.open
  const mocked = { ...fs, open }
  return { ...mocked, default: mocked }
})

let dir = ''
beforeEach(async () => {
  fsyncs.started.length = 0
  dir = await mkdtemp(join(tmpdir(), 'filedock-folder-sync-'))
})
afterEach(async () => {
  for (const s of fsyncs.started) s.end()
  await rm(dir, { recursive: true, force: true })
})

/** Until `n` fsyncs have started (each opens the folder first, a trip to the thread pool). */
async function untilStarted(n: number): Promise<void> {
  await vi.waitFor(() => expect(fsyncs.started.length).toBeGreaterThanOrEqual(n), { timeout: 10_000 })
  expect(fsyncs.started).toHaveLength(n)
}

const settled = (p: Promise<void>) => {
  const state = { done: false, error: null as unknown }
  p.then(
    () => {
      state.done = true
    },
    (err: unknown) => {
      state.error = err
    },
  )
  return state
}

describe('syncFolder', () => {
  it('fsyncs the folder itself, and is done only once that fsync is', async () => {
    const a = settled(syncFolder(dir))
    await untilStarted(1)
    expect(fsyncs.started[0]?.dir).toBe(dir)
    expect(a.done).toBe(false)
    fsyncs.started[0]?.end()
    await vi.waitFor(() => expect(a.done).toBe(true))
  })

  it('an fsync that fails (EIO: the disk lost the write) is an error', async () => {
    const a = settled(syncFolder(dir))
    await untilStarted(1)
    fsyncs.started[0]?.end(Object.assign(new Error('EIO'), { code: 'EIO' }))
    await vi.waitFor(() => expect((a.error as NodeJS.ErrnoException | null)?.code).toBe('EIO'))
  })

  it('a file system that refuses to fsync a folder (EINVAL) leaves the rename as durable as it can be', async () => {
    const a = settled(syncFolder(dir))
    await untilStarted(1)
    fsyncs.started[0]?.end(Object.assign(new Error('EINVAL'), { code: 'EINVAL' }))
    await vi.waitFor(() => expect(a.done).toBe(true))
  })

  it('a folder that is gone is an error', async () => {
    await expect(syncFolder(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
