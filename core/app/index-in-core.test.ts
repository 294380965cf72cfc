import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { openSandbox } from '../../sandbox/test-support.ts'
import type { FolderListing } from '../../shared/api/types.ts'
import type { IndexFileRow, IndexWindow } from '../../shared/file-index.ts'
import type { ChannelName } from '../../shared/ipc/channels.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import { createDispatcher } from '../ipc/dispatcher.ts'
import { createCore } from './create-core.ts'
import { coreWithAccount, undoAfterEach } from './testing/core-with-account.ts'
import { MemorySecretStore } from './testing/memory-secret-store.ts'

const cleanup = undoAfterEach()

/** Resolves once the first upload of the queue is done. */
async function firstLanded(events: readonly AppEvent[]): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!events.some((e) => e.type === 'queue.item' && e.item.state === 'done')) {
    if (Date.now() > deadline) throw new Error('the upload did not land')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A folder's rows in the index, by name, as the file pane asks for them. */
async function rowsIn(call: <T>(channel: ChannelName, input?: unknown) => Promise<T>, fldId: number) {
  const window = await call<IndexWindow>('index.query', {
    query: { scope: { kind: 'folder', fldId }, sort: { key: 'name', dir: 'asc' } },
    offset: 0,
    limit: 50,
  })
  return window.rows
}

it('writes the app’s own renames, moves and new folders into the index at once', async () => {
  const sandbox = await openSandbox({ seedFiles: 50 })
  cleanup.push(() => sandbox.stop())
  const { call, account, events } = await coreWithAccount(sandbox, cleanup)
  const list = await call<FolderListing>('folders.list', { fldId: 0 })
  const file = list.files[0]
  if (file === undefined) throw new Error('no file in the root')

  const folder = await call<{ fldId: number }>('folders.create', { parentId: 0, name: 'Fresh folder' })
  await call('files.rename', { fileCode: file.fileCode, name: 'Renamed in the app.txt' })
  const picked = { kind: 'files', files: [{ accountId: account.id, fileCode: file.fileCode }] }
  await call('index.moveSelection', { selection: picked, accountId: account.id, fldId: folder.fldId })
  // No revalidation can be what put them there: the host now fails every read.
  sandbox.sb.setFaults({ errorRate: 1 })
  expect(await call<IndexFileRow>('index.file', { fileCode: file.fileCode })).toMatchObject({
    name: 'Renamed in the app.txt',
    fldId: folder.fldId,
    folderPath: 'Fresh folder',
  })
  const root = await call<IndexWindow>('index.query', {
    query: { scope: { kind: 'folder', fldId: 0 }, search: 'fresh', sort: { key: 'name', dir: 'asc' } },
    offset: 0,
    limit: 10,
  })
  expect(root.rows).toEqual([
    expect.objectContaining({ kind: 'folder', fldId: folder.fldId, name: 'Fresh folder' }),
  ])
  sandbox.sb.setFaults({ errorRate: 0 })
  await call('folders.rename', { fldId: folder.fldId, name: 'Renamed folder' })
  sandbox.sb.setFaults({ errorRate: 1 })
  expect((await call<IndexFileRow>('index.file', { fileCode: file.fileCode })).folderPath).toBe(
    'Renamed folder',
  )
  expect(events).toContainEqual({ type: 'index.changed', accountId: account.id, fldIds: [folder.fldId, 0] })
  sandbox.sb.setFaults({ errorRate: 0 })
})

it('writes the folders a folder upload made into the index as the host confirms each, listed in their parent at once', async () => {
  const sandbox = await openSandbox({ seedFiles: 5 })
  cleanup.push(() => sandbox.stop())
  const { call, account, events, dir } = await coreWithAccount(sandbox, cleanup)
  await mkdir(join(dir, 'drop', 'album', 'day one'), { recursive: true })
  await writeFile(join(dir, 'drop', 'album', 'day one', 'beach.jpg'), 'beach')
  await call('queue.enqueuePaths', {
    paths: [join(dir, 'drop', 'album')],
    targets: [{ accountId: account.id, fldId: 0 }],
  })
  await firstLanded(events)
  // No revalidation can be what put them there: the host now fails every read.
  sandbox.sb.setFaults({ errorRate: 1 })
  const inFolder = async (fldId: number) => (await rowsIn(call, fldId)).filter((r) => r.kind === 'folder')
  const album = (await inFolder(0)).find((r) => r.name === 'album')
  expect(album).toMatchObject({ kind: 'folder', name: 'album' })
  expect(await inFolder(album?.kind === 'folder' ? album.fldId : -1)).toEqual([
    expect.objectContaining({ kind: 'folder', name: 'day one' }),
  ])
  expect(events).toContainEqual({ type: 'index.changed', accountId: account.id, fldIds: [0] })
  sandbox.sb.setFaults({ errorRate: 0 })
})

it('writes the folder a watch folder made on the host into the index, with the file that went into it', async () => {
  const sandbox = await openSandbox({ seedFiles: 5 })
  cleanup.push(() => sandbox.stop())
  const { call, account, events, dir } = await coreWithAccount(sandbox, cleanup)
  const watched = join(dir, 'watched')
  await mkdir(join(watched, 'scans'), { recursive: true })
  await call('watch.add', { dir: watched, accountId: account.id, minAgeMs: 100 })
  await writeFile(join(watched, 'scans', 'receipt.pdf'), 'a receipt')
  await firstLanded(events)
  // No revalidation or crawl can be what put them there: the host now fails every read.
  sandbox.sb.setFaults({ errorRate: 1 })
  const inFolder = (fldId: number) => rowsIn(call, fldId)
  const scans = (await inFolder(0)).find((r) => r.kind === 'folder' && r.name === 'scans')
  expect(scans).toMatchObject({ kind: 'folder', name: 'scans', path: 'scans' })
  expect(await inFolder(scans?.kind === 'folder' ? scans.fldId : -1)).toEqual([
    expect.objectContaining({ kind: 'file', name: 'receipt.pdf', folderPath: 'scans' }),
  ])
  sandbox.sb.setFaults({ errorRate: 0 })
})

it('keeps the index across a restart of the app, and forgets an account that is removed', async () => {
  const sandbox = await openSandbox({ seedFiles: 120 })
  cleanup.push(() => sandbox.stop())
  const dataDir = await mkdtemp(join(tmpdir(), 'filedock-core-index-'))
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
  const first = await coreWithAccount(sandbox, cleanup, dataDir)
  await first.core.dispose()
  cleanup.splice(cleanup.length - 1, 1)

  const again = await createCore({
    dataDir,
    host: 'web',
    version: '0',
    secretStore: new MemorySecretStore(),
    log: () => undefined,
  })
  cleanup.push(() => again.dispose())
  const d = createDispatcher(again.handlers)
  // The restarted app has no key for the account (the test keychain was in memory) but its index is still there.
  const status = await d.dispatch('index.status', {})
  expect(status).toMatchObject({
    ok: true,
    value: [expect.objectContaining({ accountId: first.account.id, filesIndexed: 120 })],
  })
  await d.dispatch('accounts.remove', { id: first.account.id })
  expect(await d.dispatch('index.status', {})).toEqual({ ok: true, value: [] })
  const all = await d.dispatch('index.query', {
    query: { scope: { kind: 'all-accounts' }, sort: { key: 'name', dir: 'asc' } },
    offset: 0,
    limit: 10,
  })
  expect(all).toMatchObject({ ok: true, value: { total: 0, rows: [] } })
})
