import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import type { EnqueueResult, QueueSnapshot } from '../../shared/queue.ts'
import { createDispatcher } from '../ipc/dispatcher.ts'
import { createCore } from './create-core.ts'
import { MemorySecretStore } from './testing/memory-secret-store.ts'
import { uploadRig } from './testing/upload-rig.ts'

let sandbox: SandboxHandle
let sandboxDir: string
let src: string
const cleanup: Array<() => Promise<void>> = []

beforeAll(async () => {
  sandboxDir = await mkdtemp(join(tmpdir(), 'filedock-uq-host-'))
  sandbox = await startSandbox({ dataDir: sandboxDir, seedFiles: 0 })
  src = await mkdtemp(join(tmpdir(), 'filedock-uq-src-'))
  await mkdir(join(src, 'album', 'day one'), { recursive: true })
  await writeFile(join(src, 'album', 'cover.jpg'), 'cover '.repeat(50))
  await writeFile(join(src, 'album', 'day one', 'beach.jpg'), 'beach '.repeat(80))
  await writeFile(join(src, 'loose.txt'), 'loose')
})

afterAll(async () => {
  await sandbox.close()
  await rm(sandboxDir, { recursive: true, force: true })
  await rm(src, { recursive: true, force: true })
})

afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo()
})

const rig = (options: Parameters<typeof uploadRig>[2] = {}) => uploadRig(sandbox, cleanup, options)

describe('the upload queue in the app', () => {
  it('forwards queue events, refreshes the lists uploads land in, and hands over the link pack', async () => {
    const copied: string[] = []
    const r = await rig({ copyToClipboard: (text) => copied.push(text) })
    await r.call('settings.update', { linkFormat: 'bbcode', autoCopy: true })
    const result = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [join(src, 'album'), join(src, 'loose.txt')],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })
    expect(result).toMatchObject({ accepted: 3, problems: [] })
    const links = await r.next('links.ready', (e) => e.batchId === result.batchId)
    expect(links).toMatchObject({ format: 'bbcode', files: 3, failed: 0, copied: true })
    expect(links.text.split('\n')).toHaveLength(3)
    expect(links.text).toMatch(/^\[url=http:\/\/127\.0\.0\.1:\d+\/[a-z0-9]+\]/)
    expect(copied).toEqual([links.text])

    const types = new Set(r.events.map((e) => e.type))
    for (const t of ['queue.added', 'queue.item', 'batch.finished', 'files.changed', 'folders.changed']) {
      expect(types, t).toContain(t)
    }
    const snapshot = await r.call<QueueSnapshot>('queue.snapshot')
    const beach = snapshot.items.find((i) => i.name === 'beach.jpg')
    expect(beach).toMatchObject({ state: 'done', relPath: 'album/day one/beach.jpg' })
    // Each folder a file landed in is refreshed, the root and the mirrored ones alike.
    expect(r.events).toContainEqual({
      type: 'files.changed',
      accountId: r.account.id,
      fldId: beach?.targetFldId,
    })
    expect(r.events).toContainEqual({ type: 'files.changed', accountId: r.account.id, fldId: 0 })
    expect(r.events).toContainEqual({ type: 'folders.changed', accountId: r.account.id, parentId: null })
    // The files.changed of a batch go out before its pack.
    const lastChange = r.events.findLastIndex((e) => e.type === 'files.changed')
    expect(lastChange).toBeLessThan(r.events.indexOf(links))
  })

  it('fetches direct links for a direct pack, and leaves the copy to the page without a clipboard', async () => {
    const r = await rig()
    await r.call('settings.update', { linkFormat: 'direct', autoCopy: true })
    const result = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [join(src, 'loose.txt')],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })
    const links = await r.next('links.ready', (e) => e.batchId === result.batchId)
    expect(links).toMatchObject({ format: 'direct', copied: false, files: 1 })
    expect(links.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/d\/.+\/loose\.txt$/)
    const again = await r.call<string>('links.pack', { batchId: result.batchId, format: 'html' })
    expect(again).toMatch(/^<a href="http:\/\/127\.0\.0\.1:\d+\/[a-z0-9]+">loose\.txt<\/a><br>$/)
  })

  it('refuses an unknown account before queueing anything', async () => {
    const r = await rig()
    const answer = await r.d.dispatch('queue.enqueuePaths', {
      paths: [join(src, 'loose.txt')],
      targets: [
        { accountId: r.account.id, fldId: 0 },
        { accountId: 'nobody', fldId: 0 },
      ],
    })
    expect(answer).toMatchObject({ ok: false, error: { kind: 'not_found' } })
    expect((await r.call<QueueSnapshot>('queue.snapshot')).items).toEqual([])
  })

  it('cancels the waiting uploads of an account that is removed', async () => {
    const r = await rig()
    await r.call('queue.pause')
    await r.call('queue.enqueuePaths', {
      paths: [join(src, 'album')],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })
    await r.call('accounts.remove', { id: r.account.id })
    await expect
      .poll(async () => (await r.call<QueueSnapshot>('queue.snapshot')).items.map((i) => i.state), {
        timeout: 20_000,
      })
      .toEqual(['cancelled', 'cancelled'])
  })

  it('says a batch whose only upload was cancelled sent nothing: no files, nothing failed, one cancelled', async () => {
    const r = await rig()
    await r.call('queue.pause')
    const result = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [join(src, 'loose.txt')],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })
    const [item] = (await r.call<QueueSnapshot>('queue.snapshot')).items
    await r.call('queue.cancel', { itemId: item?.id })
    const links = await r.next('links.ready', (e) => e.batchId === result.batchId)
    expect(links).toMatchObject({ files: 0, failed: 0, cancelled: 1, text: '' })
  })

  it('keeps queue limits and upload settings across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-uq-restart-'))
    const first = await createCore({
      dataDir,
      host: 'web',
      version: '0',
      secretStore: new MemorySecretStore(),
      log: () => undefined,
    })
    const d1 = createDispatcher(first.handlers)
    await d1.dispatch('queue.setConcurrency', { n: 7 })
    await d1.dispatch('queue.setBandwidthLimit', { bytesPerSec: 65536 })
    await d1.dispatch('settings.update', { autoCopy: true, linkFormat: 'plain' })
    await first.dispose()
    const second = await createCore({
      dataDir,
      host: 'web',
      version: '0',
      secretStore: new MemorySecretStore(),
      log: () => undefined,
    })
    try {
      const d2 = createDispatcher(second.handlers)
      expect(await d2.dispatch('queue.snapshot', {})).toMatchObject({
        ok: true,
        value: { concurrency: 7, bandwidthBytesPerSec: 65536 },
      })
      // The upload settings (other preferences live in the same file and keep their defaults).
      expect(await d2.dispatch('settings.get', {})).toMatchObject({
        ok: true,
        value: { linkFormat: 'plain', autoCopy: true, concurrency: 7, bandwidthBytesPerSec: 65536 },
      })
    } finally {
      await second.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('starts without its queue while another Filedock holds it, and says so on queue calls only', async () => {
    const r = await rig()
    const logs: string[] = []
    const second = await createCore({
      dataDir: r.dataDir,
      host: 'web',
      version: '0',
      secretStore: new MemorySecretStore(),
      log: (line) => logs.push(line),
    })
    try {
      const d = createDispatcher(second.handlers)
      const refused = await d.dispatch('queue.snapshot', {})
      expect(refused).toMatchObject({
        ok: false,
        error: { kind: 'internal', message: expect.stringContaining('already open') },
      })
      expect(await d.dispatch('settings.get', {})).toMatchObject({ ok: true })
      expect(logs.join('\n')).toContain('upload queue is not available')
    } finally {
      await second.dispose()
    }
    expect(await r.call<QueueSnapshot>('queue.snapshot')).toMatchObject({ items: [] })
  })
})
