import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/server.ts'
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

/** The queue pauses itself instead of failing every item: a rejected key, a host that is gone. */
describe('automatic pauses', () => {
  const cleanup: (() => Promise<void>)[] = []

  afterEach(async () => {
    for (const f of cleanup.splice(0).reverse()) await f()
  })

  async function source(prefix: string, n: number, size: number): Promise<string[]> {
    const src = await tempDir()
    cleanup.push(() => removeDir(src))
    const tree: Record<string, Buffer> = {}
    for (let i = 0; i < n; i++) tree[`${prefix}-${i}.bin`] = randomBytes(size)
    await writeTree(src, tree)
    return Object.keys(tree).map((k) => join(src, k))
  }

  async function engine(o: Parameters<typeof openEngine>[0]): Promise<TestEngine> {
    const t = await openEngine(o)
    cleanup.push(async () => {
      await t.close()
      await removeDir(t.dataDir)
    })
    return t
  }

  it('pauses the whole queue when the key is rejected, and carries on after the key is fixed', async () => {
    const sb = await sandbox()
    cleanup.push(async () => {
      await sb.close()
      await removeDir(sb.dataDir)
    })
    const good = clientOf(sb.baseUrl, sb.apiKey)
    const wrong = clientOf(sb.baseUrl, 'wrongkeywrongkeywrongkey')
    cleanup.push(async () => {
      await good.close()
      await wrong.close()
    })
    let current: ApiClient = wrong
    const paths = await source('auth', 5, 1000)
    // The engine's clock is ours: the pause and the finished uploads carry exactly the times we set.
    let clock = Date.parse('2030-01-01T08:00:00Z')
    const t = await engine({ clientFor: () => current, now: () => clock })
    const r = await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'acct', fldId: 0 }] })
    // The free-space check could not run; the files are queued anyway and wait for a working key.
    expect(r.accepted).toBe(5)
    expect(r.problems.map((p) => p.kind)).toEqual(['storage_unchecked'])
    await until(() => t.engine.snapshot().paused !== null)
    const pause = t.engine.snapshot().paused
    expect(pause?.reason).toBe('auth')
    expect(pause?.accountId).toBe('acct')
    expect(pause?.message).toMatch(/^Account acct: The host rejected the API key .*fix the key, then resume/)
    expect(pause?.message).not.toContain('wrongkey')
    expect(pause?.since).toBe(Date.parse('2030-01-01T08:00:00Z'))
    await until(() => t.engine.snapshot().totals.running === 0)
    const items = t.engine.snapshot().items
    expect(items.every((i) => i.state === 'queued' && i.attempts === 0)).toBe(true)
    expect(ofType(t.events, 'queue.paused')).toHaveLength(1)

    current = good
    clock = Date.parse('2030-01-01T09:30:00Z')
    await t.engine.resume()
    await t.engine.whenIdle()
    expect(t.engine.snapshot().totals.done).toBe(5)
    expect(t.engine.snapshot().items.map((i) => i.finishedAt)).toEqual(Array(5).fill(clock))
    expect(t.history.search({}).map((e) => e.finishedAt)).toEqual(Array(5).fill('2030-01-01T09:30:00.000Z'))
    expect(ofType(t.events, 'queue.resumed').at(-1)?.reason).toBe('auth')
  })

  it('pauses when the host goes away and resumes by itself when it is back', async () => {
    const dataDir = await tempDir()
    cleanup.push(() => removeDir(dataDir))
    let sb = await startSandbox({ dataDir, port: 0 })
    const port = Number(new URL(sb.baseUrl).port)
    cleanup.push(() => sb.close())
    const client = clientOf(sb.baseUrl, sb.apiKey, { timeoutMs: 2_000 })
    cleanup.push(() => client.close())
    const paths = await source('offline', 12, 100_000)
    // Slow enough that the host disappears in the middle of the run.
    const t = await engine({ clientFor: () => client, bandwidthBytesPerSec: 400 * 1024, concurrency: 2 })
    await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
    await until(() => t.engine.snapshot().totals.done >= 2)
    await sb.close()
    await until(() => t.engine.snapshot().paused !== null)
    const pause = t.engine.snapshot().paused
    expect(pause?.reason).toBe('offline')
    expect(pause?.message).toMatch(/Cannot reach the host of Account main\. .*resumes by itself/)
    await until(() => t.engine.snapshot().totals.running === 0)
    expect(t.engine.snapshot().items.filter((i) => i.state === 'failed')).toEqual([])

    sb = await startSandbox({ dataDir, port })
    await t.engine.whenIdle()
    const snap = t.engine.snapshot()
    expect(snap.paused).toBeNull()
    expect(snap.totals.done).toBe(12)
    expect(ofType(t.events, 'queue.resumed').map((e) => e.reason)).toEqual(['offline'])
    // Uploads cut off by the outage were not counted as failed attempts.
    expect(snap.items.every((i) => i.attempts <= 1)).toBe(true)
    const landed = await allFiles(client)
    expect(landed).toHaveLength(12)
    expect([...countNames(landed).values()].every((n) => n === 1)).toBe(true)
  })
})
