import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { noFaults } from '../../sandbox/faults.ts'
import { deleteFile, servedRanges } from '../../sandbox/testing/api-calls.ts'
import type { QueueItemView } from '../../shared/queue.ts'
import { downloadSandboxForAll, sha256OfFile } from '../download/testing/download-sandbox.ts'
import { partPathOf, sizeOf } from '../download/work-files.ts'
import { PART_IN_USE_WAIT_MS } from './failures.ts'
import { downloadEngines, enqueueDownload, filesUnder, sourceOf } from './testing/download-support.ts'
import { ofType, type TestEngine, until } from './testing/support.ts'

// Downloads through the queue engine: real sandbox, real files, the journal on disk.
const t = downloadSandboxForAll()
const engine = downloadEngines(t)

const viewOf = (e: TestEngine, id: string) =>
  e.engine.snapshot().items.find((i) => i.id === id) as QueueItemView

async function served(code: string) {
  const all = await servedRanges(t.sandbox, { codes: [code] })
  expect(all.forgotten).toBe(0)
  return all.files[code] ?? []
}

describe('a folder of files downloaded through the queue', () => {
  it('every file whole in the mirrored tree, no work file left, the batch says where they went', async () => {
    const files = [
      { name: 'a.bin', relDir: [], bytes: 300_000 },
      { name: 'b.txt', relDir: ['docs'], bytes: 1_000 },
      { name: 'c.bin', relDir: ['docs', '2024'], bytes: 700_000 },
      { name: 'empty', relDir: ['docs'], bytes: 0 },
      { name: 'a:b?.bin', relDir: ['odd'], bytes: 5_000 },
    ]
    const uploaded = await Promise.all(files.map((f) => t.upload(f.name, f.bytes)))
    const sources = files.map((f, i) =>
      sourceOf(uploaded[i] as { code: string; size: number }, f.name, f.relDir),
    )
    const dir = join(await t.folder(), 'new', 'place')
    const e = await engine()
    const { plan, queued } = await enqueueDownload(e.engine, sources, dir)
    expect(plan).toMatchObject({ alreadyHere: [], conflicts: 0, totalBytes: 1_006_000 })
    expect(queued.accepted).toBe(5)
    await e.engine.whenIdle()

    const items = e.engine.snapshot().items
    expect(items.map((i) => [i.relPath, i.state, i.direction, i.kind])).toEqual([
      ['a.bin', 'done', 'down', 'download'],
      ['docs/b.txt', 'done', 'down', 'download'],
      ['docs/2024/c.bin', 'done', 'down', 'download'],
      ['docs/empty', 'done', 'down', 'download'],
      [`odd/${process.platform === 'win32' ? 'a_b_.bin' : 'a:b?.bin'}`, 'done', 'down', 'download'],
    ])
    for (const [i, item] of items.entries()) {
      expect(item.localPath).toBe(join(dir, item.relPath))
      expect(item.bytesDone).toBe(files[i]?.bytes)
      expect(await sha256OfFile(item.localPath as string)).toBe(uploaded[i]?.sha)
    }
    expect(await filesUnder(dir)).toEqual(items.map((i) => i.relPath).sort())
    const [finished] = ofType(e.events, 'batch.finished')
    expect(finished).toMatchObject({
      kind: 'downloads',
      entries: [],
      failed: 0,
      alreadyThere: 0,
      download: { dir, downloaded: 5, bytes: 1_006_000 },
    })
    // Downloads are not upload history.
    expect(e.history.search({ limit: 10, offset: 0 })).toEqual([])
    expect(ofType(e.events, 'queue.item').every((ev) => ev.item.direction === 'down')).toBe(true)
    const totals = e.engine.snapshot().totals
    expect(totals.down).toMatchObject({ items: 5, done: 5, totalBytes: 1_006_000, doneBytes: 1_006_000 })
    expect(totals.up).toMatchObject({ items: 0, totalBytes: 0 })
  })

  it('run again: nothing is queued and nothing asked of the file server', async () => {
    const file = await t.upload('again.bin', 50_000)
    const dir = await t.folder()
    const e = await engine()
    await enqueueDownload(e.engine, [sourceOf(file, 'again.bin')], dir)
    await e.engine.whenIdle()
    await servedRanges(t.sandbox, { clear: true })
    const { plan, queued } = await enqueueDownload(e.engine, [sourceOf(file, 'again.bin')], dir)
    expect(plan.toFetch).toEqual([])
    expect(plan.alreadyHere.map((f) => f.path)).toEqual([join(dir, 'again.bin')])
    expect(queued).toEqual({ batchId: null, accepted: 0, problems: [] })
    expect(await served(file.code)).toEqual([])
  })
})

describe('pause, resume, cancel and a restart of a download', () => {
  const SIZE = 4 << 20

  async function startPaced(name: string) {
    const file = await t.upload(name, SIZE)
    const dir = await t.folder()
    t.sandbox.setFaults({ downloadBytesPerSec: 1 << 20 })
    return { file, dir, part: partPathOf(dir, name, file.code) }
  }

  it('pause keeps the bytes in the work file, and resume asks for the rest with Range', async () => {
    const { file, dir, part } = await startPaced('paused.bin')
    const e = await engine()
    await enqueueDownload(e.engine, [sourceOf(file, 'paused.bin')], dir)
    const [item] = e.engine.snapshot().items
    const id = (item as QueueItemView).id
    await until(() =>
      e.events.some((ev) => ev.type === 'queue.progress' && ev.items.some((p) => p.bytesDone > 1 << 20)),
    )
    await e.engine.pause(id)
    await until(() => viewOf(e, id).state === 'paused')
    const kept = await sizeOf(part)
    expect(kept).toBeGreaterThan(1 << 20)
    expect(kept).toBeLessThan(SIZE)
    // The item shows the bytes it keeps, never a restart from 0; the paused item has no error to explain.
    expect(viewOf(e, id)).toMatchObject({ bytesDone: kept, error: null })
    expect(viewOf(e, id).restarted).toBeUndefined()

    t.sandbox.setFaults(noFaults)
    await e.engine.resume(id)
    await e.engine.whenIdle()
    expect(viewOf(e, id)).toMatchObject({ state: 'done', localPath: join(dir, 'paused.bin') })
    expect(await sha256OfFile(join(dir, 'paused.bin'))).toBe(file.sha)
    const requests = await served(file.code)
    expect(requests.map((r) => [r.range, r.status])).toEqual([
      [null, 200],
      [`bytes=${kept}-`, 206],
    ])
    // If-Range with the first answer's validator, kept in the journal.
    expect(requests[1]?.ifRange).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
  })

  it('close mid-file, open again on the same journal: it continues from the work file', async () => {
    const { file, dir, part } = await startPaced('closed.bin')
    const first = await engine()
    await enqueueDownload(first.engine, [sourceOf(file, 'closed.bin')], dir)
    await until(() =>
      first.events.some((ev) => ev.type === 'queue.progress' && ev.items.some((p) => p.bytesDone > 1 << 20)),
    )
    await first.close()
    const kept = await sizeOf(part)
    expect(kept).toBeGreaterThan(0)

    t.sandbox.setFaults(noFaults)
    const again = await engine({ dataDir: first.dataDir })
    // Shown with its bytes from the start, before it runs again.
    expect(again.engine.snapshot().items[0]?.bytesDone).toBe(kept)
    await again.engine.whenIdle()
    expect(await sha256OfFile(join(dir, 'closed.bin'))).toBe(file.sha)
    expect((await served(file.code)).map((r) => r.range)).toEqual([null, `bytes=${kept}-`])
  })

  it('cancel removes the work file and its lock; the folder is left as it was', async () => {
    const { file, dir, part } = await startPaced('cancelled.bin')
    const e = await engine()
    await enqueueDownload(e.engine, [sourceOf(file, 'cancelled.bin')], dir)
    const id = e.engine.snapshot().items[0]?.id as string
    await until(() =>
      e.events.some((ev) => ev.type === 'queue.progress' && ev.items.some((p) => p.bytesDone > 0)),
    )
    expect(await sizeOf(part)).toBeGreaterThan(0)
    await e.engine.cancel(id)
    // The event, not the record: it goes out once the work file is gone.
    await until(() =>
      ofType(e.events, 'queue.item').some((ev) => ev.item.id === id && ev.item.state === 'cancelled'),
    )
    expect(await filesUnder(dir)).toEqual([])
  })

  it('retryFailed puts a failed download back, and it continues from its bytes', async () => {
    const { file, dir, part } = await startPaced('retried.bin')
    // One attempt in all: the first failure fails the item.
    const e = await engine({ retry: { attempts: 1, baseMs: 5, maxMs: 10 } })
    await enqueueDownload(e.engine, [sourceOf(file, 'retried.bin')], dir)
    const id = e.engine.snapshot().items[0]?.id as string
    await until(() =>
      e.events.some((ev) => ev.type === 'queue.progress' && ev.items.some((p) => p.bytesDone > 512 << 10)),
    )
    // From here on the file server answers 5xx: the attempt after the pause fails, and with it the item.
    t.sandbox.setFaults({ downloadErrorRate: 1 })
    await e.engine.pause(id)
    await until(() => viewOf(e, id).state === 'paused')
    await e.engine.resume(id)
    await until(() => viewOf(e, id).state === 'failed')
    const kept = await sizeOf(part)
    expect(kept).toBeGreaterThan(512 << 10)
    expect(viewOf(e, id)).toMatchObject({ bytesDone: kept, error: { kind: 'server' } })
    t.sandbox.setFaults(noFaults)
    expect(await e.engine.retryFailed()).toBe(1)
    await e.engine.whenIdle()
    expect(await sha256OfFile(join(dir, 'retried.bin'))).toBe(file.sha)
    expect((await served(file.code)).filter((r) => r.status === 206).map((r) => r.range)).toEqual([
      `bytes=${kept}-`,
    ])
  })
})

describe('what the host does wrong', () => {
  it('a host that ignores Range: the item says it restarted from 0 while it runs, and the file is whole', async () => {
    const bytes = randomBytes(2 << 20)
    const file = await t.upload('ignored.bin', bytes)
    const dir = await t.folder()
    // The first bytes of an earlier run in the work file; the host answers the resume with the whole file.
    await writeFile(partPathOf(dir, 'ignored.bin', file.code), bytes.subarray(0, 100_000))
    t.sandbox.setFaults({ ignoreRangeRate: 1 })
    const e = await engine()
    const shown: (string | undefined)[] = []
    e.engine.onEvent((ev) => {
      if (ev.type === 'queue.item' && ev.item.state === 'running') shown.push(ev.item.restarted)
    })
    const { plan } = await enqueueDownload(e.engine, [sourceOf(file, 'ignored.bin')], dir)
    expect(plan.toFetch[0]).toMatchObject({ state: 'resume', partBytes: 100_000 })
    await e.engine.whenIdle()
    expect(e.engine.snapshot().items[0]).toMatchObject({ state: 'done', restarted: 'range-ignored' })
    expect(shown).toContain('range-ignored')
    expect(await sha256OfFile(join(dir, 'ignored.bin'))).toBe(file.sha)
    expect((await served(file.code)).map((r) => [r.range, r.status])).toEqual([['bytes=100000-', 200]])
  })

  it('a link that expired before its first byte is asked for again, and the download continues from its bytes', async () => {
    const bytes = randomBytes(1 << 20)
    const file = await t.upload('expiring.bin', bytes)
    const dir = await t.folder()
    await writeFile(partPathOf(dir, 'expiring.bin', file.code), bytes.subarray(0, 200_000))
    t.sandbox.setFaults({ directLinkTtlSec: 0.3 })
    let links = 0
    // The first link reaches the download after it expired (a slow answer, a suspended laptop).
    const slowFirstLink = new Proxy(t.client, {
      get(target, prop) {
        if (prop === 'directLink') {
          return async (...args: Parameters<typeof target.directLink>) => {
            const link = await target.directLink(...args)
            if (++links === 1) await sleep(600)
            return link
          }
        }
        const value = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const e = await engine({ clientFor: () => slowFirstLink })
    await enqueueDownload(e.engine, [sourceOf(file, 'expiring.bin')], dir)
    await e.engine.whenIdle()
    expect(e.engine.snapshot().items[0]).toMatchObject({ state: 'done', attempts: 0 })
    expect(links).toBe(2)
    expect(await sha256OfFile(join(dir, 'expiring.bin'))).toBe(file.sha)
    expect((await served(file.code)).map((r) => [r.range, r.status])).toEqual([
      ['bytes=200000-', 403],
      ['bytes=200000-', 206],
    ])
  })

  it("a file deleted on the host fails at once with the host's words, not after eight attempts", async () => {
    const file = await t.upload('deleted.bin', 10_000)
    await deleteFile(t.sandbox, file.code)
    const e = await engine()
    await enqueueDownload(e.engine, [sourceOf(file, 'deleted.bin')], await t.folder())
    await e.engine.whenIdle()
    expect(e.engine.snapshot().items[0]).toMatchObject({
      state: 'failed',
      attempts: 0,
      error: { kind: 'not_found', operation: 'file/direct_link' },
    })
  })
})

describe('conflict policies through the engine', () => {
  it('skip keeps both when the size differs, rename numbers, overwrite replaces', async () => {
    const file = await t.upload('report.pdf', 20_000)
    const results: Record<string, string[]> = {}
    for (const policy of ['skip', 'rename', 'overwrite'] as const) {
      const dir = await t.folder()
      await writeFile(join(dir, 'report.pdf'), 'mine, not the host file')
      const e = await engine()
      const { plan } = await enqueueDownload(e.engine, [sourceOf(file, 'report.pdf')], dir, policy)
      expect(plan.conflicts).toBe(1)
      await e.engine.whenIdle()
      const item = e.engine.snapshot().items[0] as QueueItemView
      expect(item.state).toBe('done')
      expect(await sha256OfFile(item.localPath as string)).toBe(file.sha)
      results[policy] = await filesUnder(dir)
      if (policy !== 'overwrite')
        expect(await readFile(join(dir, 'report.pdf'), 'utf8')).toBe('mine, not the host file')
    }
    expect(results).toEqual({
      skip: ['report (1).pdf', 'report.pdf'],
      rename: ['report (1).pdf', 'report.pdf'],
      overwrite: ['report.pdf'],
    })
  })

  it('a file that arrives complete after the plan is found at finishing: done, already here, nothing fetched', async () => {
    const content = Buffer.from('the same bytes as on the host')
    const file = await t.upload('late.txt', content)
    const dir = await t.folder()
    const e = await engine()
    await e.engine.pause()
    await enqueueDownload(e.engine, [sourceOf(file, 'late.txt')], dir)
    await writeFile(join(dir, 'late.txt'), content)
    await e.engine.resume()
    await e.engine.whenIdle()
    expect(e.engine.snapshot().items[0]).toMatchObject({ state: 'done', alreadyThere: true })
    expect(ofType(e.events, 'batch.finished')[0]).toMatchObject({
      alreadyThere: 1,
      download: { downloaded: 0 },
    })
    expect(await served(file.code)).toEqual([])
  })
})

describe('two downloads of one file at once in one engine', () => {
  it('the second waits for the first (retrying, saying why, no attempt counted), then finds it there: one GET', async () => {
    const file = await t.upload('twice.bin', 1 << 20)
    const dir = await t.folder()
    // The first takes 2 s, so the second meets it at work.
    t.sandbox.setFaults({ downloadBytesPerSec: 512 << 10 })
    const e = await engine()
    await enqueueDownload(e.engine, [sourceOf(file, 'twice.bin')], dir)
    await until(() =>
      e.events.some((ev) => ev.type === 'queue.progress' && ev.items.some((p) => p.bytesDone > 0)),
    )
    await enqueueDownload(e.engine, [sourceOf(file, 'twice.bin')], dir)
    const second = e.engine.snapshot().items[1] as QueueItemView
    await e.engine.whenIdle()
    const waits = ofType(e.events, 'queue.item').filter(
      (ev) => ev.item.id === second.id && ev.item.state === 'retrying',
    )
    expect(waits.length).toBeGreaterThan(0)
    expect(waits[0]?.item.error).toMatchObject({ kind: 'local_disk' })
    expect(waits[0]?.item.error?.message).toContain('by another download of this Filedock right now')
    expect((waits[0]?.item.nextAttemptAt ?? 0) - (waits[0]?.item.addedAt ?? 0)).toBeGreaterThanOrEqual(
      PART_IN_USE_WAIT_MS - 1_000,
    )
    expect(viewOf(e, second.id)).toMatchObject({
      state: 'done',
      alreadyThere: true,
      attempts: 0,
      error: null,
    })
    expect(await filesUnder(dir)).toEqual(['twice.bin'])
    expect((await served(file.code)).map((r) => [r.range, r.status])).toEqual([[null, 200]])
  }, 30_000)
})
