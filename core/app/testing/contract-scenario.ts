import { expect } from 'vitest'
import type { AccountsSnapshot, AccountView } from '../../../shared/accounts.ts'
import type { FolderListing } from '../../../shared/api/types.ts'
import type { ChannelName } from '../../../shared/ipc/channels.ts'
import { NO_DRAG_OUT } from '../../../shared/ipc/drag-out-contract.ts'
import type { Invoke } from '../../../shared/ipc/types.ts'
import { runDownloadScenario } from './download-scenario.ts'
import { runIndexScenario } from './index-scenario.ts'
import { runUploadScenario } from './upload-scenario.ts'
import { runWatchScenario } from './watch-scenario.ts'

/**
 * Drives every channel of the contract against a real core and a real sandbox host, through whatever
 * transport `invoke` is (the dispatcher directly, or the WebSocket). Returns the channels it exercised.
 */
export async function runContractScenario(
  invoke: Invoke,
  host: { baseUrl: string; apiKey: string },
): Promise<Set<ChannelName>> {
  const used = new Set<ChannelName>()
  const call = async <T>(channel: ChannelName, input: unknown = {}): Promise<T> => {
    used.add(channel)
    const result = await invoke(channel, input)
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`)
    return result.value as T
  }
  const refused = async (channel: ChannelName, input: unknown) => {
    used.add(channel)
    const result = await invoke(channel, input)
    expect(result.ok, channel).toBe(false)
    return result.ok ? undefined : result.error
  }

  expect(await call('app.info')).toMatchObject({ name: 'Filedock', version: '0.1.0-test' })

  // A core without an updater (the browser host) says so, and has nothing to restart into.
  const noUpdater = { state: 'unavailable', reason: 'browser-host' }
  expect(await call('updates.status')).toEqual(noUpdater)
  expect(await call('updates.check')).toEqual(noUpdater)
  expect((await refused('updates.installOnQuit', {}))?.kind).toBe('invalid_input')
  expect((await refused('updates.restart', {}))?.kind).toBe('invalid_input')

  const wrongKey = await refused('accounts.add', {
    label: 'Bad',
    baseUrl: host.baseUrl,
    apiKey: 'wrongkey1234567',
  })
  expect(wrongKey?.kind).toBe('auth')
  const added = await call<AccountView>('accounts.add', {
    label: 'Main',
    baseUrl: host.baseUrl,
    apiKey: host.apiKey,
  })
  expect(added).toMatchObject({ label: 'Main', active: true, offline: false, email: 'demo@sandbox.local' })
  expect(JSON.stringify(added)).not.toContain(host.apiKey)
  const renamed = await call<AccountView>('accounts.update', { id: added.id, label: 'Main host' })
  expect(renamed.label).toBe('Main host')
  const snapshot = await call<AccountsSnapshot>('accounts.list')
  expect(snapshot.activeId).toBe(added.id)
  expect(snapshot.keychain).toMatchObject({ available: true, choice: 'keychain' })
  expect(JSON.stringify(snapshot)).not.toContain(host.apiKey)

  expect(await call('account.info')).toMatchObject({ email: 'demo@sandbox.local', storageLeft: 'unlimited' })
  expect(Array.isArray(await call('account.stats', { accountId: added.id }))).toBe(true)

  const folder = await call<{ fldId: number }>('folders.create', { parentId: 0, name: 'Contract test' })
  expect(folder.fldId).toBeGreaterThan(0)
  await call('folders.rename', { fldId: folder.fldId, name: 'Contract test renamed' })
  const root = await call<FolderListing>('folders.list', { fldId: 0 })
  expect(root.folders).toContainEqual(
    expect.objectContaining({ fldId: folder.fldId, name: 'Contract test renamed' }),
  )

  // The seed spreads its files over the root and a folder at random, so the root alone is empty in one seed out
  // of 256 (a CI run failed on exactly that): the root's folders are looked in too.
  let first = root.files[0]
  for (const f of root.folders) {
    if (first !== undefined) break
    first = (await call<FolderListing>('folders.list', { fldId: f.fldId })).files[0]
  }
  if (first === undefined) throw new Error('the sandbox has no seeded files')
  expect(await call('files.info', { fileCodes: [first.fileCode] })).toEqual([
    expect.objectContaining({ found: true, fileCode: first.fileCode }),
  ])
  await call('files.rename', { fileCode: first.fileCode, name: 'renamed by contract.txt' })
  const clone = await call<{ fileCode: string }>('files.clone', { fileCode: first.fileCode })
  expect(clone.fileCode).not.toBe(first.fileCode)
  const link = await call<{ url: string; size: number }>('files.directLink', { fileCode: first.fileCode })
  expect(link).toMatchObject({ url: expect.any(String) })
  // Quick Look's read: the file's first bytes, and its size as the file server states it.
  const head = await call<{ base64: string; total: number | null }>('files.previewBytes', {
    fileCode: first.fileCode,
    start: 0,
    length: 16,
  })
  expect(head.total).toBe(link.size)
  expect(Buffer.from(head.base64, 'base64').length).toBe(Math.min(16, link.size))
  expect(Array.isArray(await call('files.deleted'))).toBe(true)
  const checked = await call<Array<{ url: string; found: boolean }>>('files.check', {
    urls: [`${host.baseUrl}/${first.fileCode}`],
  })
  expect(checked).toEqual([expect.objectContaining({ found: true })])
  // A core without an OS drag (the browser host) says so beforehand and refuses each step: its page keeps the
  // page's own drag.
  expect(await call('app.info')).toMatchObject({ dragOut: false })
  const noDrag = { kind: 'invalid_input', operation: NO_DRAG_OUT }
  expect(await refused('drag.prepare', { accountId: added.id, fileCodes: [first.fileCode] })).toMatchObject(
    noDrag,
  )
  expect(await refused('drag.cached', { accountId: added.id, fileCodes: [first.fileCode] })).toMatchObject(
    noDrag,
  )
  expect(await refused('drag.start', { paths: ['/tmp/any.txt'] })).toMatchObject(noDrag)

  for (const channel of [
    'index.query',
    'index.status',
    'index.refresh',
    'index.summarize',
    'index.copyLinks',
    'index.links',
    'index.moveSelection',
    'index.file',
  ] as const)
    used.add(channel)
  await runIndexScenario(call, {
    accountId: added.id,
    fileCode: first.fileCode,
    fileName: 'renamed by contract.txt',
    folderId: folder.fldId,
    folderName: 'Contract test renamed',
  })

  // Nothing was handed to this core from outside a window; answering an arrival that is gone changes nothing.
  expect(await call('arrivals.list')).toEqual([])
  expect(await call('arrivals.dismiss', { id: '6f1c2b1e-1d2c-4a5b-8c9d-0e1f2a3b4c5d' })).toBeNull()

  await runUploadScenario(call, refused, added.id)
  await runDownloadScenario(call, refused, added.id)
  await runWatchScenario(call, refused, added.id)

  const offline = await call<AccountView>('accounts.tryOffline')
  expect(offline).toMatchObject({ label: 'Offline sandbox', offline: true, active: true })
  expect(await call('account.info')).toMatchObject({ email: expect.any(String) })
  await call('accounts.setActive', { id: added.id })
  await call('accounts.remove', { id: offline.id })
  expect((await call<AccountsSnapshot>('accounts.list')).accounts.map((a) => a.id)).toEqual([added.id])
  return used
}
