import { randomBytes } from 'node:crypto'
import { appendFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { QueueEvent } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import {
  allFiles,
  clientOf,
  countNames,
  ofType,
  openEngine,
  removeDir,
  sandbox,
  type TestEngine,
  tempDir,
  until,
  writeTree,
} from './testing/support.ts'
import { TokenBucket } from './throttle.ts'

/** Waits for the first event that satisfies `test` (events already seen count). */
function waitFor(t: TestEngine, test: (e: QueueEvent) => boolean, timeoutMs = 10_000): Promise<QueueEvent> {
  const seen = t.events.find(test)
  if (seen) return Promise.resolve(seen)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out waiting for an event')), timeoutMs)
    const off = t.engine.onEvent((e) => {
      if (!test(e)) return
      clearTimeout(timer)
      off()
      resolve(e)
    })
  })
}

/** Most items in the running state at once, from the event stream. */
function maxRunning(events: readonly QueueEvent[]): number {
  const running = new Set<string>()
  let max = 0
  for (const e of events) {
    if (e.type !== 'queue.item') continue
    if (e.item.state === 'running') running.add(e.item.id)
    else running.delete(e.item.id)
    max = Math.max(max, running.size)
  }
  return max
}

describe('queue controls', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>
  let client: ApiClient
  let src: string
  const open: TestEngine[] = []

  beforeAll(async () => {
    sb = await sandbox()
    client = clientOf(sb.baseUrl, sb.apiKey)
  })

  afterEach(async () => {
    sb.setFaults({ latencyMs: 0, errorRate: 0 })
    for (const t of open.splice(0)) {
      await t.close()
      await removeDir(t.dataDir)
    }
    await removeDir(src)
  })

  afterAll(async () => {
    await client.close()
    await sb.close()
    await removeDir(sb.dataDir)
  })

  async function engine(o: Parameters<typeof openEngine>[0] = { clientFor: () => client }) {
    const t = await openEngine(o)
    open.push(t)
    return t
  }

  async function files(prefix: string, n: number, size: number): Promise<string[]> {
    src = await tempDir()
    const tree: Record<string, Buffer> = {}
    for (let i = 0; i < n; i++) tree[`${prefix}-${i}.bin`] = randomBytes(size)
    await writeTree(src, tree)
    return Object.keys(tree).map((k) => join(src, k))
  }

  async function onHost(prefix: string) {
    return (await allFiles(client)).filter((f) => f.name.startsWith(`${prefix}-`))
  }

  it('without a bandwidth limit, sends the bytes without going through the bucket slice by slice', async () => {
    const paths = await files('nolimit', 2, 3 * 1024 * 1024)
    const t = await engine({ clientFor: () => client })
    // Every 64 KiB slice of every body went through the bucket, limit or not: 16 turns of the body per MiB.
    const take = vi.spyOn(TokenBucket.prototype, 'take')
    try {
      await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
      await t.engine.whenIdle()
      expect(take).not.toHaveBeenCalled()
    } finally {
      take.mockRestore()
    }
    expect((await onHost('nolimit')).map((f) => f.size)).toEqual([3 * 1024 * 1024, 3 * 1024 * 1024])
  })

  it('honours the bandwidth limit and sends at most 10 progress events a second', async () => {
    const paths = await files('bw', 4, 256 * 1024)
    const t = await engine({ clientFor: () => client, bandwidthBytesPerSec: 512 * 1024, concurrency: 3 })
    // Every byte of every file goes through the one bucket, once, at the limit's rate (throttle.test.ts: its exact
    // pace on a fake clock); the run cannot be quicker than that pace, and how much slower is the machine's.
    const take = vi.spyOn(TokenBucket.prototype, 'take')
    const started = performance.now()
    try {
      await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
      await t.engine.whenIdle()
      const buckets = new Set(take.mock.contexts as TokenBucket[])
      expect(buckets.size).toBe(1)
      expect([...buckets][0]?.bytesPerSec).toBe(512 * 1024)
      expect(take.mock.calls.reduce((sum, [bytes]) => sum + bytes, 0)).toBe(4 * 256 * 1024)
    } finally {
      take.mockRestore()
    }
    // 1 MiB at 512 KiB/s: 2 s, less the 100 ms burst allowance.
    expect((performance.now() - started) / 1000).toBeGreaterThan(1.6)
    const progress = ofType(t.events, 'queue.progress')
    expect(progress.length).toBeGreaterThan(5)
    const stamps: number[] = []
    t.events.length = 0
    // Gaps measured on a fresh run so the timestamps are ours.
    const more = await files('bw2', 2, 256 * 1024)
    const off = t.engine.onEvent((e) => {
      if (e.type === 'queue.progress') stamps.push(performance.now())
    })
    await t.engine.enqueuePaths({ paths: more, targets: [{ accountId: 'main', fldId: 0 }] })
    await t.engine.whenIdle()
    off()
    const gaps = stamps.slice(1).map((s, i) => s - (stamps[i] as number))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(90)
    const speeds = ofType(t.events, 'queue.progress').map((e) => e.totals.bytesPerSec)
    const peak = Math.max(...speeds)
    // A speed is shown, and never above twice the limit (how far below it is the machine's load).
    expect(peak).toBeGreaterThan(0)
    expect(peak).toBeLessThan(1024 * 1024)
    // The last events carry only totals (counts changed as the uploads finished); the last with bytes moved:
    const last = ofType(t.events, 'queue.progress')
      .filter((e) => e.items.length > 0)
      .at(-1)
    expect(last?.items[0]?.totalBytes).toBe(256 * 1024)
    // And the totals of the idle queue follow within one interval, with no speed left over.
    const idle = await waitFor(t, (e) => e.type === 'queue.progress' && e.totals.done === 6)
    expect(idle).toMatchObject({ items: [], totals: { running: 0, bytesPerSec: 0, etaSec: null } })
  })

  it('lifts a bandwidth limit while uploads run', async () => {
    const paths = await files('lift', 3, 512 * 1024)
    const t = await engine({ clientFor: () => client, bandwidthBytesPerSec: 64 * 1024 })
    // At 64 KiB/s the 1.5 MiB would take 24 s: the uploads' takes from the bucket wait, and the lift must end
    // their waits there and then, not when the slots reserved at the old rate come.
    const pending = new Set<Promise<void>>()
    const take = TokenBucket.prototype.take
    const spy = vi.spyOn(TokenBucket.prototype, 'take').mockImplementation(function (
      this: TokenBucket,
      ...args
    ) {
      const taking = take.apply(this, args)
      pending.add(taking)
      const settled = () => pending.delete(taking)
      taking.then(settled, settled)
      return taking
    })
    try {
      await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
      // Lifted once the limit is visibly in force: bytes are moving at the limited pace, and a take waits.
      await waitFor(t, (e) => e.type === 'queue.progress' && e.items.length > 0)
      await until(() => pending.size > 0)
      const waiting = Promise.all(pending).then(() => 'woken')
      t.engine.setBandwidthLimit(null)
      const nextTurn = new Promise((resolve) => setImmediate(() => resolve('still waiting')))
      expect(await Promise.race([waiting, nextTurn])).toBe('woken')
      await t.engine.whenIdle()
    } finally {
      spy.mockRestore()
    }
    expect(ofType(t.events, 'queue.settings').at(-1)?.bandwidthBytesPerSec).toBeNull()
  })

  it('changes concurrency live', async () => {
    sb.setFaults({ latencyMs: 30 })
    const paths = await files('conc', 16, 1000)
    const t = await engine({ clientFor: () => client, concurrency: 1 })
    await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
    await until(() => t.engine.snapshot().totals.done >= 2)
    const before = maxRunning(t.events)
    const mark = t.events.length
    t.engine.setConcurrency(4)
    await t.engine.whenIdle()
    expect(before).toBe(1)
    expect(maxRunning(t.events.slice(mark))).toBe(4)
    expect(t.engine.snapshot().concurrency).toBe(4)
  })

  it('pauses and resumes the whole queue without losing or repeating work', async () => {
    sb.setFaults({ latencyMs: 20 })
    const paths = await files('pause', 20, 50_000)
    const t = await engine({ clientFor: () => client, concurrency: 3 })
    await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
    await waitFor(t, (e) => e.type === 'queue.item' && e.item.state === 'done')
    const pausedAt = t.events.length
    await t.engine.pause()
    expect(ofType(t.events, 'queue.paused').at(-1)?.pause.reason).toBe('user')
    await until(() => t.engine.snapshot().totals.running === 0)
    expect(t.engine.snapshot().paused?.reason).toBe('user')
    expect(t.engine.snapshot().totals.done).toBeLessThan(20)
    const resumedAt = t.events.length
    await t.engine.resume()
    // Between the pause and the resume nothing started: no item went from waiting to running in that stretch
    // (the runs being stopped may still report a phase on their way out).
    const before = new Map<string, string>()
    const started: string[] = []
    for (const [i, e] of t.events.entries()) {
      if (e.type !== 'queue.item') continue
      const was = before.get(e.item.id)
      if (i >= pausedAt && i < resumedAt && e.item.state === 'running' && was !== 'running')
        started.push(e.item.id)
      before.set(e.item.id, e.item.state)
    }
    expect(started).toEqual([])
    await t.engine.whenIdle()
    expect(t.engine.snapshot().totals.done).toBe(20)
    const landed = await onHost('pause')
    expect(landed).toHaveLength(20)
    expect([...countNames(landed).values()].every((n) => n === 1)).toBe(true)
  })

  it('pauses, resumes and cancels single items', async () => {
    const paths = await files('one', 4, 1000)
    const t = await engine()
    await t.engine.pause()
    const { batchId } = await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
    const [a, b] = t.engine.snapshot().items
    await t.engine.pause(a?.id)
    await t.engine.cancel(b?.id as string)
    await t.engine.resume(a?.id)
    await t.engine.pause(a?.id)
    expect(t.engine.snapshot().paused?.reason).toBe('user')
    await t.engine.cancel(t.engine.snapshot().items[2]?.id as string)
    await t.engine.resume(t.engine.snapshot().items[3]?.id)
    expect(t.engine.snapshot().items.map((i) => i.state)).toEqual([
      'paused',
      'cancelled',
      'cancelled',
      'queued',
    ])
    await t.engine.resume()
    await t.engine.whenIdle()
    expect(t.engine.snapshot().items.map((i) => i.state)).toEqual(['done', 'cancelled', 'cancelled', 'done'])
    const finished = ofType(t.events, 'batch.finished')
    expect(finished).toHaveLength(1)
    expect(finished[0]).toMatchObject({ batchId, cancelled: 2, failed: 0 })
    expect(finished[0]?.entries.map((e) => e.name)).toEqual(['one-0.bin', 'one-3.bin'])
    expect((await onHost('one')).map((f) => f.name).sort()).toEqual(['one-0.bin', 'one-3.bin'])
  })

  it('cancels an upload in flight, and it never lands', async () => {
    const paths = await files('cancel', 1, 400 * 1024)
    const t = await engine({ clientFor: () => client, bandwidthBytesPerSec: 100 * 1024 })
    await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
    await waitFor(t, (e) => e.type === 'queue.progress' && (e.items[0]?.bytesDone ?? 0) > 50 * 1024)
    const id = t.engine.snapshot().items[0]?.id as string
    await t.engine.cancel(id)
    await t.engine.whenIdle()
    expect(t.engine.snapshot().items[0]?.state).toBe('cancelled')
    await new Promise((r) => setTimeout(r, 200))
    expect(await onHost('cancel')).toEqual([])
  })

  it('fails after the attempt limit with the reason, retries failed items on request, clears finished', async () => {
    const paths = await files('retry', 2, 1000)
    const t = await engine({ clientFor: () => client, retry: { attempts: 2, baseMs: 5, maxMs: 10 } })
    sb.setFaults({ errorRate: 1 })
    await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
    await t.engine.whenIdle()
    const failed = t.engine.snapshot().items
    expect(failed.map((i) => i.state)).toEqual(['failed', 'failed'])
    expect(failed[0]?.error?.message).toMatch(/^Gave up after 2 attempts\. The host .*50[023]/)
    expect(ofType(t.events, 'batch.finished')[0]).toMatchObject({ failed: 2, entries: [] })
    sb.setFaults({ errorRate: 0 })
    expect(await t.engine.retryFailed()).toBe(2)
    await t.engine.whenIdle()
    expect(t.engine.snapshot().items.map((i) => [i.state, i.error])).toEqual([
      ['done', null],
      ['done', null],
    ])
    expect(ofType(t.events, 'batch.finished')).toHaveLength(2)
    expect(ofType(t.events, 'batch.finished')[1]?.entries).toHaveLength(2)
    expect(await t.engine.clearFinished()).toBe(2)
    expect(t.engine.snapshot().items).toEqual([])
    expect(ofType(t.events, 'queue.removed')[0]?.ids).toHaveLength(2)
    expect(t.history.search({ text: 'retry-' })).toHaveLength(2)
  })

  it('fails a file that changed or vanished after it was queued, with the reason, and uploads nothing', async () => {
    const paths = await files('changed', 3, 1000)
    const t = await engine()
    await t.engine.pause()
    await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
    await appendFile(paths[0] as string, 'more bytes')
    await rm(paths[1] as string)
    await t.engine.resume()
    await t.engine.whenIdle()
    const [changed, gone, fine] = t.engine.snapshot().items
    expect(changed?.state).toBe('failed')
    expect(changed?.error?.message).toMatch(
      /changed after it was queued \(its size is now 1010 bytes, was 1000\)/,
    )
    expect(gone?.state).toBe('failed')
    expect(gone?.error?.message).toMatch(/was deleted or moved after it was queued/)
    expect(fine?.state).toBe('done')
    expect(changed?.attempts).toBe(0)
    expect((await onHost('changed')).map((f) => f.name)).toEqual(['changed-2.bin'])
  })
})
