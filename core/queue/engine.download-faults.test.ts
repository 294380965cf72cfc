import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FaultConfig } from '../../sandbox/faults.ts'
import { servedRanges } from '../../sandbox/testing/api-calls.ts'
import type { QueueItemView } from '../../shared/queue.ts'
import { downloadSandboxForAll, sha256OfFile } from '../download/testing/download-sandbox.ts'
import { mountTmpfs, unmount, whyNoTmpfs } from '../download/testing/tmpfs.ts'
import { partPathOf, sizeOf } from '../download/work-files.ts'
import {
  downloadEngines,
  enqueueDownload,
  filesUnder,
  sourceOf,
  timesFetched,
} from './testing/download-support.ts'
import { ofType, type TestEngine, until } from './testing/support.ts'

// Downloads through the engine against each of the sandbox's download faults, a full disk, and beside uploads.
const t = downloadSandboxForAll()
const engine = downloadEngines(t, { retry: { attempts: 40, baseMs: 5, maxMs: 20 } })

/** Where a request asked its bytes from: `bytes=N-`, or 0 without a Range. */
const askedFrom = (range: string | null) => (range === null ? 0 : Number(/^bytes=(\d+)-$/.exec(range)?.[1]))

const FILES = 6
const SIZE = 300_000

describe('each download fault of the sandbox', () => {
  const cases: [string, Partial<FaultConfig>, 'exact' | 'cuts'][] = [
    ['connections reset mid-body', { downloadDropRate: 0.5 }, 'cuts'],
    ['bodies short of their Content-Length', { downloadShortRate: 0.5 }, 'cuts'],
    ['5xx answers', { downloadErrorRate: 0.5 }, 'exact'],
    ['429 with Retry-After', { downloadRateLimitRate: 0.5, retryAfterSec: 0 }, 'exact'],
    ['Range ignored, with cuts', { ignoreRangeRate: 0.5, downloadShortRate: 0.5 }, 'cuts'],
  ]
  for (const [what, faults, bound] of cases) {
    it(`${what}: every file whole, no work file left, each byte fetched a bounded number of times`, async () => {
      const files = await Promise.all(
        Array.from({ length: FILES }, (_, i) => t.upload(`f${i}.bin`, SIZE + i * 1_000)),
      )
      const dir = await t.folder()
      t.sandbox.setFaults(faults)
      const e = await engine()
      await enqueueDownload(
        e.engine,
        files.map((f, i) => sourceOf(f, `f${i}.bin`)),
        dir,
      )
      await e.engine.whenIdle()
      const items = e.engine.snapshot().items
      expect(items.map((i) => i.state)).toEqual(Array(FILES).fill('done'))
      expect(await filesUnder(dir)).toEqual(files.map((_, i) => `f${i}.bin`).sort())
      const served = await servedRanges(t.sandbox, { codes: files.map((f) => f.code), clear: true })
      expect(served.forgotten).toBe(0)
      for (const [i, f] of files.entries()) {
        expect(await sha256OfFile(join(dir, `f${i}.bin`))).toBe(f.sha)
        const requests = served.files[f.code] ?? []
        // Cut bodies and answers that ignored Range are the only refetches. A cut loses what was in flight, a
        // clean close too: undici ends the body with an error, and a stream destroyed with an error drops the
        // chunks it held unread (an ignored Range cut short can lose every byte it sent, and the next ask is from 0).
        const refetching = requests.filter(
          (r) => r.outcome === 'drop' || r.outcome === 'short' || (r.range !== null && r.status === 200),
        )
        expect(
          timesFetched(requests),
          JSON.stringify(requests.map((r) => [r.range, r.status, r.start, r.sent, r.outcome])),
        ).toBeLessThanOrEqual(bound === 'exact' ? 1 : 1 + refetching.length)
        // Each request asks from where the work file ends: never before the bytes the previous answer started at.
        for (const [k, r] of requests.entries()) {
          const before = requests[k - 1]
          if (before?.start != null) expect(askedFrom(r.range)).toBeGreaterThanOrEqual(before.start)
        }
        const item = items[i] as QueueItemView
        // The item says it restarted exactly when the host answered a resume with the whole file.
        expect(item.restarted ?? null).toBe(
          requests.some((r) => r.range !== null && r.status === 200) ? 'range-ignored' : null,
        )
      }
    }, 60_000)
  }
})

describe('a full disk', () => {
  const noTmpfs = whyNoTmpfs()
  it.skipIf(noTmpfs !== null)(
    'fails the item with the message and keeps its bytes; Retry after space is freed continues from them',
    async () => {
      const disk = join(t.dir, 'small-disk')
      mountTmpfs(disk, 'size=4m')
      let e: TestEngine | undefined
      try {
        const filler = join(disk, 'filler')
        await writeFile(filler, Buffer.alloc(2 << 20))
        const file = await t.upload('big.bin', randomBytes(3 << 20))
        e = await engine()
        const dir = join(disk, 'downloads')
        await enqueueDownload(e.engine, [sourceOf(file, 'big.bin')], dir)
        await e.engine.whenIdle()
        const failed = e.engine.snapshot().items[0] as QueueItemView
        expect(failed).toMatchObject({ state: 'failed', attempts: 0, error: { kind: 'local_disk' } })
        expect(failed.error?.message).toMatch(
          new RegExp(
            `^The disk holding ${dir} is full: .* free, .* still to write for big\\.bin\\. Free some space, then Retry\\. The .* already written are kept: Retry continues from there\\.$`,
          ),
        )
        const kept = await sizeOf(partPathOf(dir, 'big.bin', file.code))
        expect(kept).toBeGreaterThan(0)
        expect(failed.bytesDone).toBe(kept)

        await rm(filler)
        await servedRanges(t.sandbox, { clear: true })
        expect(await e.engine.retryFailed()).toBe(1)
        await e.engine.whenIdle()
        expect(e.engine.snapshot().items[0]?.state).toBe('done')
        expect(await sha256OfFile(join(dir, 'big.bin'))).toBe(file.sha)
        expect(
          (await servedRanges(t.sandbox, { codes: [file.code] })).files[file.code]?.map((r) => r.range),
        ).toEqual([`bytes=${kept}-`])
      } finally {
        await e?.close()
        unmount(disk)
      }
    },
    60_000,
  )
})

describe('downloads beside uploads', () => {
  it('the one concurrency applies to each direction: one upload and one download run together at 1', async () => {
    const file = await t.upload('down.bin', 1 << 20)
    const src = join(t.dir, 'up-src')
    await mkdir(src, { recursive: true })
    await writeFile(join(src, 'up.bin'), randomBytes(1 << 20))
    await writeFile(join(src, 'up2.bin'), randomBytes(1 << 20))
    // Both directions slowed to about 2 s a file, so they overlap.
    t.sandbox.setFaults({ downloadBytesPerSec: 512 << 10 })
    const e = await engine({ concurrency: 1, bandwidthBytesPerSec: 512 << 10 })
    await e.engine.enqueuePaths({ paths: [src], targets: [{ accountId: 'main', fldId: 0 }] })
    await enqueueDownload(
      e.engine,
      [sourceOf(file, 'down.bin'), sourceOf(await t.upload('down2.bin', 1 << 20), 'down2.bin')],
      await t.folder(),
    )
    await until(() => {
      const running = e.engine.snapshot().items.filter((i) => i.state === 'running')
      return running.some((i) => i.direction === 'up') && running.some((i) => i.direction === 'down')
    }, 20_000)
    await e.engine.whenIdle()
    let most = { up: 0, down: 0 }
    const running = new Map<string, 'up' | 'down'>()
    for (const ev of ofType(e.events, 'queue.item')) {
      if (ev.item.state === 'running') running.set(ev.item.id, ev.item.direction)
      else running.delete(ev.item.id)
      const now = { up: 0, down: 0 }
      for (const d of running.values()) now[d]++
      most = { up: Math.max(most.up, now.up), down: Math.max(most.down, now.down) }
    }
    expect(most).toEqual({ up: 1, down: 1 })
    expect(e.engine.snapshot().items.map((i) => [i.direction, i.state])).toEqual([
      ['up', 'done'],
      ['up', 'done'],
      ['down', 'done'],
      ['down', 'done'],
    ])
  }, 60_000)
})
