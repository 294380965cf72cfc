import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sandboxForAll } from '../../sandbox/test-support.ts'
import { deleteFile, servedRanges } from '../../sandbox/testing/api-calls.ts'
import type { HistoryEntry } from '../../shared/history.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { EnqueueResult } from '../../shared/queue.ts'
import type { BatchVerifyReport } from '../../shared/verify.ts'
import { createDispatcher } from '../ipc/dispatcher.ts'
import { type CoreCall, coreWithAccount, undoAfterEach } from './testing/core-with-account.ts'

// Verify of an upload batch in the app, against a real sandbox host over HTTP with real local files: the history
// keeps where each file came from, history.verifyBatch compares them through core/verify's engine, and the
// verifyAfterUpload setting verifies each finished batch by itself.
const sandbox = sandboxForAll({ seedFiles: 0 })
const cleanup = undoAfterEach()
const MiB = 1024 * 1024

/** A folder of three files (one of 6 MiB, so the sampled windows leave most of it unread) in a temp dir. */
let albums = 0
/**
 * Each under its own name: a second "album" in the same host folder would be "already there" by name and size,
 * and the random bytes of its big file are not the first one's.
 */
async function album(): Promise<{ dir: string; big: Buffer; name: string }> {
  const tmp = await mkdtemp(join(tmpdir(), 'filedock-verify-core-'))
  cleanup.push(() => rm(tmp, { recursive: true, force: true }))
  const name = `album${++albums}`
  const dir = join(tmp, name)
  await mkdir(join(dir, 'day'), { recursive: true })
  const big = randomBytes(6 * MiB)
  await writeFile(join(dir, 'big.bin'), big)
  await writeFile(join(dir, 'a.txt'), 'the first file\n'.repeat(50))
  await writeFile(join(dir, 'day', 'b.txt'), 'the second file\n'.repeat(50))
  return { dir, big, name }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const got = await probe()
    if (got !== undefined) return got
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Uploads `dir` into the root and waits until the batch's three records are in the history. */
async function uploaded(call: CoreCall, accountId: string, dir: string): Promise<HistoryEntry[]> {
  const queued = await call<EnqueueResult>('queue.enqueuePaths', {
    paths: [dir],
    targets: [{ accountId, fldId: 0 }],
  })
  return until('the history records', async () => {
    const all = await call<HistoryEntry[]>('history.search', { limit: 1000, offset: 0 })
    const mine = all.filter((e) => e.batchId === queued.batchId)
    return mine.length === 3 ? mine : undefined
  })
}

const finishedOf = (events: AppEvent[], verifyId: string) =>
  events.find(
    (e): e is Extract<AppEvent, { type: 'verify.finished' }> =>
      e.type === 'verify.finished' && e.verifyId === verifyId,
  )

/** Each file's verdict by its path under the album (`differs@offset` where it differs). */
const verdicts = (r: BatchVerifyReport) =>
  Object.fromEntries(
    r.files.map((f) => [
      f.relPath.slice(f.relPath.indexOf('/') + 1),
      f.status === 'differs' ? `differs@${f.offset}` : f.status,
    ]),
  )

describe('Verify of an upload batch in the app', () => {
  it('records each upload’s local file; all same, then a changed byte is found where it is, a full check reads every byte', async () => {
    const { call, account, events } = await coreWithAccount(sandbox, cleanup)
    const { dir, big } = await album()
    const entries = await uploaded(call, account.id, dir)
    expect(entries.map((e) => e.localPath).sort()).toEqual(
      [join(dir, 'a.txt'), join(dir, 'big.bin'), join(dir, 'day', 'b.txt')].sort(),
    )
    const batchId = entries[0]?.batchId as string

    const first = await call<BatchVerifyReport>('history.verifyBatch', { batchId, verifyId: 'v1' })
    expect(verdicts(first)).toEqual({ 'a.txt': 'same', 'big.bin': 'same', 'day/b.txt': 'same' })
    expect(first).toMatchObject({ cancelled: false, full: false, automatic: false, total: 3 })
    expect(first.counts).toMatchObject({ same: 3, differs: 0 })
    // Sampled: much less than the 6 MiB file plus the two small ones.
    expect(first.bytesRead).toBeLessThan(big.length)
    const progress = events.filter((e) => e.type === 'verify.progress' && e.verifyId === 'v1')
    expect(progress.at(0)).toMatchObject({ done: 0, total: 3 })
    expect(progress.at(-1)).toMatchObject({ done: 3, total: 3, bytesRead: first.bytesRead })
    expect(finishedOf(events, 'v1')).toMatchObject({ automatic: false, cancelled: false, total: 3 })

    // A byte changed locally in the small file (within the sampled start) and in the middle of the big one.
    const middle = 3 * MiB + 12_345
    for (const [path, at] of [
      [join(dir, 'a.txt'), 7],
      [join(dir, 'big.bin'), middle],
    ] as const) {
      const fh = await open(path, 'r+')
      const byte = Buffer.alloc(1)
      await fh.read(byte, 0, 1, at)
      await fh.write(Buffer.from([(byte[0] as number) ^ 0xff]), 0, 1, at)
      await fh.close()
    }
    const sampled = await call<BatchVerifyReport>('history.verifyBatch', { batchId, verifyId: 'v2' })
    expect(verdicts(sampled)['a.txt']).toBe('differs@7')
    expect(verdicts(sampled)['day/b.txt']).toBe('same')
    const full = await call<BatchVerifyReport>('history.verifyBatch', { batchId, verifyId: 'v3', full: true })
    expect(verdicts(full)).toEqual({
      'a.txt': 'differs@7',
      'big.bin': `differs@${middle}`,
      'day/b.txt': 'same',
    })
    expect(full.full).toBe(true)
    expect(full.counts).toMatchObject({ same: 1, differs: 2 })
    // The report stays readable by its id (a toast's "Open the report").
    expect(await call<BatchVerifyReport | null>('history.verifyReport', { verifyId: 'v3' })).toEqual(full)
  })

  it('a file deleted on the host is missing there, a local file gone is missing locally', async () => {
    const { call, account } = await coreWithAccount(sandbox, cleanup)
    const { dir } = await album()
    const entries = await uploaded(call, account.id, dir)
    const b = entries.find((e) => e.relPath.endsWith('/day/b.txt')) as HistoryEntry
    await deleteFile(sandbox.sb, b.fileCode)
    await rm(join(dir, 'a.txt'))
    const report = await call<BatchVerifyReport>('history.verifyBatch', {
      batchId: b.batchId,
      verifyId: 'gone',
    })
    expect(verdicts(report)).toEqual({
      'a.txt': 'missing-locally',
      'big.bin': 'same',
      'day/b.txt': 'missing',
    })
    expect(report.files.find((f) => f.relPath.endsWith('/a.txt'))?.localPath).toBe(join(dir, 'a.txt'))
  })

  it('Cancel stops a running verify: its answer says so and holds only the files compared', async () => {
    const { call, account, events } = await coreWithAccount(sandbox, cleanup)
    const { dir } = await album()
    const [entry] = await uploaded(call, account.id, dir)
    const running = call<BatchVerifyReport>('history.verifyBatch', {
      batchId: entry?.batchId,
      verifyId: 'long',
      full: true,
    })
    await call('history.cancelVerify', { verifyId: 'long' })
    const report = await running
    expect(report.cancelled).toBe(true)
    expect(report.files.length).toBeLessThan(report.total)
    expect(finishedOf(events, 'long')).toMatchObject({ cancelled: true })
    // Nothing runs under that id any more: cancelling again is a no-op, and the id can be used again.
    await call('history.cancelVerify', { verifyId: 'long' })
    const again = await call<BatchVerifyReport>('history.verifyBatch', {
      batchId: entry?.batchId,
      verifyId: 'long',
    })
    expect(again.counts.same).toBe(3)
  })

  it('two windows verifying one batch at once read its files once; each hears its own run, and one cancel leaves the other going', async () => {
    const { call, account, events } = await coreWithAccount(sandbox, cleanup)
    const { dir } = await album()
    const entries = await uploaded(call, account.id, dir)
    const batchId = entries[0]?.batchId as string
    const codes = entries.map((e) => e.fileCode)
    const ranges = async () => {
      const served = (await servedRanges(sandbox.sb)).files
      return codes.reduce((n, code) => n + (served[code]?.length ?? 0), 0)
    }

    const alone = await call<BatchVerifyReport>('history.verifyBatch', {
      batchId,
      verifyId: 'alone',
      full: true,
    })
    const once = await ranges()
    const [a, b] = await Promise.all([
      call<BatchVerifyReport>('history.verifyBatch', { batchId, verifyId: 'win-a', full: true }),
      call<BatchVerifyReport>('history.verifyBatch', { batchId, verifyId: 'win-b', full: true }),
    ])
    // The second window joined the first's reading: the host served the ranges of one verify, not two.
    expect((await ranges()) - once).toBe(once)
    for (const [id, report] of [
      ['win-a', a],
      ['win-b', b],
    ] as const) {
      expect(report).toMatchObject({ verifyId: id, cancelled: false, total: 3, counts: alone.counts })
      expect(verdicts(report)).toEqual(verdicts(alone))
      expect(events.filter((e) => e.type === 'verify.progress' && e.verifyId === id).at(-1)).toMatchObject({
        done: 3,
        total: 3,
      })
      expect(finishedOf(events, id)).toMatchObject({ cancelled: false, total: 3 })
    }

    // One window cancels while both follow: it leaves with what was compared, the other's verify goes on. The
    // host sends slowly, so both are still reading when the cancel comes.
    sandbox.sb.setFaults({ downloadBytesPerSec: 2 * MiB })
    cleanup.push(async () => sandbox.sb.setFaults({ downloadBytesPerSec: 0 }))
    const left = call<BatchVerifyReport>('history.verifyBatch', { batchId, verifyId: 'leaves', full: true })
    const stays = call<BatchVerifyReport>('history.verifyBatch', { batchId, verifyId: 'stays', full: true })
    // The joining window hears how far the reading is as soon as it joins.
    await until('the joined run’s first progress', () =>
      events.find((e) => e.type === 'verify.progress' && e.verifyId === 'stays'),
    )
    await call('history.cancelVerify', { verifyId: 'leaves' })
    const gone = await left
    expect(gone).toMatchObject({ verifyId: 'leaves', cancelled: true })
    expect(gone.files.length).toBeLessThan(3)
    expect(await stays).toMatchObject({ verifyId: 'stays', cancelled: false, counts: alone.counts })
    // Cancelling the only follower stops the reading; a Verify asked for then starts afresh and completes.
    const stopped = call<BatchVerifyReport>('history.verifyBatch', {
      batchId,
      verifyId: 'stopped',
      full: true,
    })
    await call('history.cancelVerify', { verifyId: 'stopped' })
    const fresh = await call<BatchVerifyReport>('history.verifyBatch', {
      batchId,
      verifyId: 'fresh',
      full: true,
    })
    expect(await stopped).toMatchObject({ cancelled: true })
    expect(fresh).toMatchObject({ cancelled: false, counts: alone.counts })
  })

  it('refuses malformed input before anything runs, and says when the batch is not in the history', async () => {
    const { core } = await coreWithAccount(sandbox, cleanup)
    const d = createDispatcher(core.handlers, { log: () => undefined })
    const refused = async (channel: string, input: unknown) => {
      const r = await d.dispatch(channel, input)
      return r.ok ? null : r.error
    }
    for (const bad of [
      {},
      { batchId: 'b1' },
      { batchId: 'b1', verifyId: '' },
      { batchId: '../b1', verifyId: 'v' },
      { batchId: 'b1', verifyId: 'v/1' },
      { batchId: 'b1', verifyId: 'v', full: 'yes' },
      { batchId: 'b1', verifyId: 'v', extra: 1 },
      { batchId: 'b'.repeat(101), verifyId: 'v' },
    ]) {
      expect(await refused('history.verifyBatch', bad), JSON.stringify(bad)).toMatchObject({
        kind: 'invalid_input',
      })
    }
    expect(await refused('history.cancelVerify', { verifyId: 7 })).toMatchObject({ kind: 'invalid_input' })
    expect(await refused('history.verifyReport', {})).toMatchObject({ kind: 'invalid_input' })
    expect(await refused('history.verifyBatch', { batchId: 'no-such-batch', verifyId: 'v' })).toMatchObject({
      kind: 'not_found',
    })
    expect(await refused('history.verifyReport', { verifyId: 'never-ran' })).toBeNull()
  })
})

describe('Verify after upload (the setting)', () => {
  it('off by default: a finished batch is not verified; on: it is, the verdict announced and its report kept', async () => {
    const { call, account, events } = await coreWithAccount(sandbox, cleanup)
    expect((await call<{ verifyAfterUpload: boolean }>('settings.get')).verifyAfterUpload).toBe(false)
    const off = await uploaded(call, account.id, (await album()).dir)
    await until('the batch to finish', () =>
      events.find((e) => e.type === 'batch.finished' && e.batchId === off[0]?.batchId),
    )
    expect(events.filter((e) => e.type.startsWith('verify.'))).toEqual([])

    await call('settings.update', { verifyAfterUpload: true })
    const { dir } = await album()
    const on = await uploaded(call, account.id, dir)
    const batchId = on[0]?.batchId as string
    const finished = await until('the automatic verify', () => finishedOf(events, batchId))
    expect(finished).toMatchObject({ batchId, automatic: true, cancelled: false, total: 3 })
    expect(finished.counts).toMatchObject({ same: 3 })
    const report = await call<BatchVerifyReport>('history.verifyReport', { verifyId: batchId })
    expect(verdicts(report)).toEqual({ 'a.txt': 'same', 'big.bin': 'same', 'day/b.txt': 'same' })
  })
})
