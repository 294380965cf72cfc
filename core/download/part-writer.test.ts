import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SYNC, HIGH_WATER, PartWriter, syncDue } from './part-writer.ts'
import { RECLAIM_EVERY, setReclaim } from './read-buffers.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-part-writer-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const MiB = 1 << 20

describe('PartWriter', () => {
  it('appends to what the work file held, in order, and empties it on truncate', async () => {
    const path = join(dir, 'append.part')
    await writeFile(path, 'abc')
    const writer = await PartWriter.open(path)
    expect(writer.size).toBe(3)
    const chunks = Array.from({ length: 40 }, () => randomBytes(200_000))
    for (const c of chunks) await writer.write(c)
    expect(writer.size).toBe(3 + 40 * 200_000)
    await writer.close()
    expect((await readFile(path)).equals(Buffer.concat([Buffer.from('abc'), ...chunks]))).toBe(true)

    const again = await PartWriter.open(path)
    await again.truncate()
    await again.write(Buffer.from('fresh'))
    await again.close()
    expect(await readFile(path, 'utf8')).toBe('fresh')
  })

  it.each([
    ['neither', 1 * MiB, 100, false],
    ['the bytes only', 8 * MiB, 4_999, false],
    ['the time only', 8 * MiB - 1, 60_000, false],
    ['both', 8 * MiB, 5_000, true],
  ] as const)(
    'an fsync before the end is due when both bytes and time have passed: %s',
    (_what, bytes, ms, due) => {
      expect(syncDue(DEFAULT_SYNC, bytes, ms)).toBe(due)
    },
  )

  it('a full queue waits for the write in flight, not for its own bytes: the network goes on while the disk writes', async () => {
    const path = join(dir, 'overlap.part')
    const writer = await PartWriter.open(path)
    const chunks = Array.from({ length: 6 }, () => randomBytes(HIGH_WATER))
    const pendingAfterEach: number[] = []
    for (const c of chunks) {
      await writer.write(c)
      pendingAfterEach.push(writer.pending)
    }
    // Each write of HIGH_WATER fills the queue; it returns once the batch before it is written and its own is
    // taken, so a batch is still on its way to the disk every time (waiting for the whole queue left 0 pending).
    expect(pendingAfterEach.every((bytes) => bytes >= HIGH_WATER)).toBe(true)
    await writer.close()
    expect(writer.pending).toBe(0)
    expect((await readFile(path)).equals(Buffer.concat(chunks))).toBe(true)
  })

  it('fsyncs as its policy says, counting from the open', async () => {
    let clock = 0
    const writer = await PartWriter.open(join(dir, 'sync.part'), { bytes: 4 * MiB, ms: 1000 }, () => clock)
    // 4 MiB at a time fills the queue, so each write waits for the disk (and the check that follows it).
    const write = async (at: number) => {
      clock = at
      await writer.write(Buffer.alloc(4 * MiB))
      return writer.periodicSyncs
    }
    expect(await write(0)).toBe(0)
    expect(await write(999)).toBe(0) // 8 MiB, but not yet 1 s
    expect(await write(1000)).toBe(1)
    await writer.close()
  })

  it('lets go of a chunk read from the network before RECLAIM_EVERY more bytes arrive, and reclaims at that pace', async () => {
    // What keeps `filedock download`'s memory flat (read-buffers.ts): a chunk lives from its write() until its
    // batch is written; when more than RECLAIM_EVERY bytes arrive meanwhile, it meets two collections and is
    // promoted to the old generation, alive until a full one (4 MiB batches: a 1 GiB download peaked at 97-111 MiB).
    let collections = 0
    const restore = setReclaim(() => collections++)
    const writer = await PartWriter.open(join(dir, 'reclaim.part'))
    const chunk = 128 << 10
    const total = 16 * MiB
    /** Where each chunk not yet written starts and ends in the file. */
    let waiting: { start: number; end: number }[] = []
    let longestWait = 0
    try {
      for (let at = 0; at < total; at += chunk) {
        waiting.push({ start: writer.size, end: writer.size + chunk })
        await writer.write(randomBytes(chunk))
        const written = writer.size - writer.pending
        waiting = waiting.filter((c) => c.end > written)
        // Bytes accepted since the oldest chunk still waiting was.
        for (const c of waiting) longestWait = Math.max(longestWait, writer.size - c.start)
      }
      await writer.close()
    } finally {
      restore()
    }
    expect(longestWait).toBeGreaterThan(0)
    expect(longestWait).toBeLessThan(RECLAIM_EVERY)
    expect(collections).toBe(total / RECLAIM_EVERY)
  })
})
