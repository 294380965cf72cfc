import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import type { AccountView } from '../../shared/accounts.ts'
import type { FolderListing } from '../../shared/api/types.ts'
import { channelNames } from '../../shared/ipc/channels.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import { createDispatcher, type Dispatcher } from '../ipc/dispatcher.ts'
import { type Core, createCore } from './create-core.ts'
import { runContractScenario } from './testing/contract-scenario.ts'
import { MemorySecretStore } from './testing/memory-secret-store.ts'

let sandboxDir: string
let sandbox: SandboxHandle
const cleanup: Array<() => Promise<void>> = []

beforeAll(async () => {
  sandboxDir = await mkdtemp(join(tmpdir(), 'filedock-core-host-'))
  // A flat seed leaves the root without files: the scenario must not rely on the root having any.
  sandbox = await startSandbox({ dataDir: sandboxDir, seedFiles: 8, seedFlat: true })
})

afterAll(async () => {
  await sandbox.close()
  await rm(sandboxDir, { recursive: true, force: true })
})

afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo()
})

async function newCore(
  dataDir?: string,
  secretStore = new MemorySecretStore(),
): Promise<{ core: Core; dataDir: string }> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'filedock-core-')))
  const core = await createCore({
    dataDir: dir,
    host: 'web',
    version: '0.1.0-test',
    secretStore,
    log: () => undefined,
  })
  cleanup.push(async () => {
    await core.dispose()
    if (dataDir === undefined) await rm(dir, { recursive: true, force: true })
  })
  return { core, dataDir: dir }
}

/** The root's listing and its folders' (the seed puts files in both). */
async function everyListing(d: Dispatcher): Promise<FolderListing[]> {
  const list = async (fldId: number) => {
    const answer = await d.dispatch('folders.list', { fldId })
    if (!answer.ok) throw new Error(answer.error.message)
    return answer.value as FolderListing
  }
  const root = await list(0)
  return [root, ...(await Promise.all(root.folders.map((f) => list(f.fldId))))]
}

async function allFileText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
  // The offline sandbox may be removing its lock file meanwhile.
  return (await Promise.all(files.map((f) => readFile(f, 'latin1').catch(() => '')))).join('\n')
}

describe('createCore', () => {
  it('serves every channel of the contract against a real host, and never writes a key to disk', async () => {
    const { core, dataDir } = await newCore()
    const seen: AppEvent[] = []
    core.events.subscribe((e) => seen.push(e))
    const dispatcher = createDispatcher(core.handlers)
    const used = await runContractScenario((channel, input) => dispatcher.dispatch(channel, input), sandbox)
    expect([...used].sort()).toEqual([...channelNames].sort())
    expect(seen).toContainEqual({ type: 'accounts.changed' })
    expect(seen).toContainEqual(expect.objectContaining({ type: 'account.activeChanged' }))
    expect(seen).toContainEqual(expect.objectContaining({ type: 'files.changed', fldId: null }))
    expect(seen).toContainEqual(expect.objectContaining({ type: 'folders.changed', parentId: 0 }))
    expect(await allFileText(dataDir)).not.toContain(sandbox.apiKey)
  })

  it('answers account calls with not_found while no account exists', async () => {
    const { core } = await newCore()
    const dispatcher = createDispatcher(core.handlers)
    expect(await dispatcher.dispatch('account.info', {})).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    })
    expect(await dispatcher.dispatch('folders.list', { fldId: 0, accountId: 'nope' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    })
  })

  it('refuses to save an account while the keychain is unavailable', async () => {
    const keychain = new MemorySecretStore()
    keychain.available = false
    const { core } = await newCore(undefined, keychain)
    const dispatcher = createDispatcher(core.handlers)
    const result = await dispatcher.dispatch('accounts.add', {
      label: 'Main',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
    })
    expect(result).toMatchObject({ ok: false, error: { kind: 'keychain' } })
    expect(await dispatcher.dispatch('accounts.list', {})).toMatchObject({
      ok: true,
      value: { keychain: { available: false } },
    })
  })

  it('uses a new client after the key of an account changes', async () => {
    const { core } = await newCore()
    const other = await sandbox.createAccount('second@sandbox.local')
    const dispatcher = createDispatcher(core.handlers)
    const added = await dispatcher.dispatch('accounts.add', {
      label: 'A',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
    })
    if (!added.ok) throw new Error(added.error.message)
    expect(await dispatcher.dispatch('account.info', {})).toMatchObject({
      value: { email: 'demo@sandbox.local' },
    })
    const id = (added.value as AccountView).id
    await dispatcher.dispatch('accounts.update', { id, apiKey: other.apiKey })
    expect(await dispatcher.dispatch('account.info', {})).toMatchObject({
      value: { email: 'second@sandbox.local' },
    })
  })

  it('restarts the offline sandbox on the next launch, with the same account and files', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-core-offline-'))
    const keychain = new MemorySecretStore()
    const first = await createCore({
      dataDir,
      host: 'web',
      version: '0',
      secretStore: keychain,
      log: () => undefined,
    })
    const d1 = createDispatcher(first.handlers)
    const offline = await d1.dispatch('accounts.tryOffline', {})
    if (!offline.ok) throw new Error(offline.error.message)
    const again = await d1.dispatch('accounts.tryOffline', {})
    expect(again).toMatchObject({ ok: true, value: { id: (offline.value as AccountView).id } })
    const before = await everyListing(d1)
    await first.dispose()

    const second = await createCore({
      dataDir,
      host: 'web',
      version: '0',
      secretStore: keychain,
      log: () => undefined,
    })
    try {
      const d2 = createDispatcher(second.handlers)
      const after = await everyListing(d2)
      expect(after.flatMap((l) => l.files)).not.toHaveLength(0)
      expect(after).toEqual(before)
      const accounts = await d2.dispatch('accounts.list', {})
      expect(accounts).toMatchObject({ ok: true, value: { accounts: [{ offline: true, active: true }] } })
    } finally {
      await second.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
