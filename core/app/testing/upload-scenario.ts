import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { FiledockErrorData } from '../../../shared/errors.ts'
import type { HistoryEntry } from '../../../shared/history.ts'
import type { ChannelName } from '../../../shared/ipc/channels.ts'
import type { LocalFolderListing } from '../../../shared/ipc/local-folders-contract.ts'
import type { AppSettings } from '../../../shared/ipc/settings.ts'
import type { EnqueueResult, QueueSnapshot } from '../../../shared/queue.ts'
import type { BatchVerifyReport } from '../../../shared/verify.ts'

type Call = <T>(channel: ChannelName, input?: unknown) => Promise<T>
type Refused = (channel: ChannelName, input: unknown) => Promise<FiledockErrorData | undefined>

/**
 * The upload half of the contract scenario: settings, a paused queue filled with a small tree, per-item pause
 * and resume, the uploads landing, history, link packs, a URL upload cancelled, and the browser-only refusal
 * of the native dialog. Needs the account `accountId` on a real host.
 */
export async function runUploadScenario(call: Call, refused: Refused, accountId: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'filedock-scenario-'))
  try {
    await mkdir(join(dir, 'scenario-tree', 'inner'), { recursive: true })
    await writeFile(join(dir, 'scenario-tree', 'one.txt'), 'one '.repeat(100))
    await writeFile(join(dir, 'scenario-tree', 'inner', 'two.txt'), 'two '.repeat(200))
    await writeFile(join(dir, 'empty.txt'), '')

    expect(await call<AppSettings>('settings.get')).toMatchObject({ linkFormat: 'page', autoCopy: false })
    const updated = await call<AppSettings>('settings.update', { linkFormat: 'markdown' })
    expect(updated).toMatchObject({ linkFormat: 'markdown', autoCopy: false })
    await call('queue.setConcurrency', { n: 2 })
    await call('queue.setBandwidthLimit', { bytesPerSec: null })
    expect(await call<AppSettings>('settings.get')).toMatchObject({
      concurrency: 2,
      bandwidthBytesPerSec: null,
    })

    await call('queue.pause', {})
    const queued = await call<EnqueueResult>('queue.enqueuePaths', {
      paths: [join(dir, 'scenario-tree'), join(dir, 'empty.txt')],
      targets: [{ accountId, fldId: 0 }],
    })
    expect(queued.accepted).toBe(2)
    expect(queued.problems).toContainEqual(expect.objectContaining({ kind: 'empty' }))
    const paused = await call<QueueSnapshot>('queue.snapshot')
    expect(paused.paused?.reason).toBe('user')
    const first = paused.items.find((i) => i.batchId === queued.batchId)
    if (first === undefined) throw new Error('the queued items are not in the snapshot')
    await call('queue.pause', { itemId: first.id })
    await call('queue.resume', { itemId: first.id })
    await call('queue.resume', {})
    const done = await until(call, (s) =>
      s.items.filter((i) => i.batchId === queued.batchId && i.state === 'done'),
    )
    expect(done.map((i) => i.relPath).sort()).toEqual([
      'scenario-tree/inner/two.txt',
      'scenario-tree/one.txt',
    ])

    // History is written just after an item is done; give it the moment it takes.
    for (let i = 0; i < 100; i++) {
      const all = await call<HistoryEntry[]>('history.search', { limit: 10, offset: 0 })
      if (all.filter((h) => h.batchId === queued.batchId).length === 2) break
      await new Promise((r) => setTimeout(r, 50))
    }
    const history = await call<HistoryEntry[]>('history.search', { text: 'two.txt', limit: 10, offset: 0 })
    expect(history).toEqual([
      expect.objectContaining({ name: 'two.txt', relPath: 'scenario-tree/inner/two.txt' }),
    ])
    const pack = await call<string>('links.pack', { batchId: queued.batchId, format: 'markdown' })
    // One folder order everywhere: a folder's own files before its subfolders (core/links).
    expect(pack.split('\n')).toEqual([
      expect.stringMatching(/^- \[one\.txt\]\(http/),
      expect.stringMatching(/^- \[two\.txt\]/),
    ])
    const direct = await call<string>('links.pack', { entryIds: history.map((h) => h.id), format: 'direct' })
    expect(direct).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/d\//)
    expect((await refused('links.pack', { batchId: 'no-such-batch', format: 'page' }))?.kind).toBe(
      'not_found',
    )

    // Verify of the batch: each file against its copy on the host, from the local path the history kept.
    const verified = await call<BatchVerifyReport>('history.verifyBatch', {
      batchId: queued.batchId,
      verifyId: 'contract-verify',
    })
    expect(verified).toMatchObject({ total: 2, cancelled: false, counts: { same: 2 } })
    expect(await call('history.verifyReport', { verifyId: 'contract-verify' })).toEqual(verified)
    expect(await call('history.cancelVerify', { verifyId: 'contract-verify' })).toBeNull()
    expect((await refused('history.verifyBatch', { batchId: queued.batchId, verifyId: 'a/b' }))?.kind).toBe(
      'invalid_input',
    )

    await call('queue.pause', {})
    // A URL whose host does not exist is refused at once (checked from here), with the reason.
    const dead = 'http://no-such-host.invalid/never.bin'
    const refusedUrl = await call<EnqueueResult>('queue.enqueueUrls', {
      urls: [dead],
      targets: [{ accountId, fldId: 0 }],
    })
    expect(refusedUrl).toMatchObject({ batchId: null, accepted: 0, problems: [{ kind: 'unreachable_url' }] })
    expect(await call('queue.checkUrls', { urls: [dead] })).toEqual({
      checked: true,
      results: [
        {
          url: dead,
          kind: 'dead',
          message: 'The address no-such-host.invalid could not be found.',
          // The same words for a window to show in its own language.
          messageId: 'queue.urlCheck.noSuchName',
          values: { name: 'no-such-host.invalid' },
        },
      ],
    })
    // The uploaded tree, dropped again, is all already there.
    expect(
      await call('queue.countAlreadyThere', {
        paths: [join(dir, 'scenario-tree')],
        targets: [{ accountId, fldId: 0 }],
      }),
    ).toEqual({
      files: 2,
      alreadyThere: 2,
      // Where they are: the dropped folder and the folder in it, not the root the drop went to.
      places: [
        { accountId, fldId: expect.any(Number), folderPath: 'scenario-tree', files: 1 },
        { accountId, fldId: expect.any(Number), folderPath: 'scenario-tree/inner', files: 1 },
      ],
    })
    // Port 9 cannot be checked from here (fetch refuses it): refused at once, saying why.
    expect(
      await call<EnqueueResult>('queue.enqueueUrls', {
        urls: ['http://127.0.0.1:9/never.bin'],
        targets: [{ accountId, fldId: 0 }],
      }),
    ).toMatchObject({
      batchId: null,
      accepted: 0,
      problems: [{ kind: 'unreachable_url', message: expect.stringMatching(/^Port 9 is kept/) }],
    })
    // A URL that works (a file's direct link) is queued, then cancelled while the queue is paused.
    const remote = await call<EnqueueResult>('queue.enqueueUrls', {
      urls: [direct.split('\n')[0]],
      targets: [{ accountId, fldId: 0 }],
    })
    const url = (await call<QueueSnapshot>('queue.snapshot')).items.find((i) => i.batchId === remote.batchId)
    if (url === undefined) throw new Error('the URL item is not in the snapshot')
    await call('queue.cancel', { itemId: url.id })
    await call('queue.resume', {})
    expect(await call<number>('queue.retryFailed', {})).toBe(0)
    await until(call, (s) => s.batches.filter((b) => b.id === remote.batchId && b.finished))
    expect(await call<number>('queue.clearFinished')).toBeGreaterThanOrEqual(3)

    const noDialog = await refused('dialog.pickPaths', { kind: 'files' })
    expect(noDialog).toMatchObject({ kind: 'not_found', operation: 'dialog.pickPaths' })

    // The local-folder picker: no OS dialog here, so the page browses folder names and makes one.
    const noFolderDialog = await refused('local.pickFolder', { purpose: 'watch', startAt: null })
    expect(noFolderDialog).toMatchObject({ kind: 'not_found', operation: 'local.pickFolder' })
    const made = await call<string>('local.createFolder', { parent: dir, name: 'picked' })
    expect(made).toBe(join(dir, 'picked'))
    expect(
      await call<LocalFolderListing>('local.listFolders', { purpose: 'watch', path: dir }),
    ).toMatchObject({
      path: dir,
      folders: ['picked', 'scenario-tree'],
    })
    await call('local.rememberFolder', { purpose: 'watch', path: made })
    expect((await call<LocalFolderListing>('local.listFolders', { purpose: 'watch', path: null })).path).toBe(
      made,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Polls the queue until `pick` finds something (uploads take a few hundred ms on the sandbox). */
async function until<T>(call: Call, pick: (s: QueueSnapshot) => T[], timeoutMs = 20_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const snapshot = await call<QueueSnapshot>('queue.snapshot')
    const found = pick(snapshot)
    const open = snapshot.items.some((i) => ['queued', 'running', 'retrying', 'pending'].includes(i.state))
    if (found.length > 0 && !open) return found
    if (Date.now() > deadline) throw new Error(`the queue did not settle: ${JSON.stringify(snapshot.totals)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
