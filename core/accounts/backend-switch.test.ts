// Moving keys between the OS keychain (a real Secret Service) and safeStorage: run under scripts/with-keyring.sh.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AccountsChange } from '../../shared/accounts.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { AccountStore } from './account-store.ts'
import { KeyringSecretStore } from './keyring-secret-store.ts'
import { SAFE_STORAGE_FILE, SafeStorageSecretStore } from './safe-storage-secret-store.ts'
import {
  allFileText,
  cleanKeychain,
  FakeSafeStorage,
  fetchVerify,
  type InfoHost,
  keychainDelete,
  keychainRead,
  removeDir,
  startInfoHost,
  tempDir,
  testService,
} from './test-support.ts'

const KEY_A = 'sw1tchA-Kq9wZ2mP4xR8tY'
const KEY_B = 'sw1tchB-Hn6vL0cJ5sD9gF'

let host: InfoHost
let dataDir: string
let service: string

beforeAll(async () => {
  host = await startInfoHost({ [KEY_A]: 'a@example.com', [KEY_B]: 'b@example.com' })
})
afterAll(() => host.close())
beforeEach(async () => {
  dataDir = await tempDir()
  service = testService()
})
afterEach(async () => {
  await cleanKeychain(service)
  await removeDir(dataDir)
})

const open = (safeStorage?: FakeSafeStorage) =>
  AccountStore.open({
    dataDir,
    verify: fetchVerify,
    keychain: new KeyringSecretStore({ service }),
    safeStorage: safeStorage && new SafeStorageSecretStore(safeStorage, { dataDir }),
  })

const safeEntries = async () => JSON.parse(await readFile(join(dataDir, SAFE_STORAGE_FILE), 'utf8')).entries

describe('choosing where keys live', () => {
  it('moves readable keys from the keychain to safeStorage and back', async () => {
    const fake = new FakeSafeStorage('kwallet5')
    const store = await open(fake)
    const changes: AccountsChange[] = []
    store.onChange((change) => changes.push(change))
    const a = await store.add({ label: 'A', baseUrl: host.url, apiKey: KEY_A })
    const b = await store.add({ label: 'B', baseUrl: host.url, apiKey: KEY_B })
    await keychainDelete(service, b.id) // B's key is lost: it cannot move, and stays "needs key"

    expect(await store.chooseBackend('safe-storage')).toMatchObject({
      choice: 'safe-storage',
      available: true,
    })
    expect(changes.at(-1)).toEqual({ reason: 'keychain', accountId: null })
    expect(await keychainRead(service, a.id)).toBeNull()
    expect(Object.keys(await safeEntries())).toEqual([a.id])
    expect(await store.getApiKey(a.id)).toBe(KEY_A)
    expect(await store.get(b.id)).toMatchObject({
      needsKey: true,
      keyProblem: expect.stringMatching(/Secret Service keychain/),
    })
    expect(await allFileText(dataDir)).not.toContain(KEY_A)

    await store.replaceKey(b.id, KEY_B)
    expect(Object.keys(await safeEntries()).sort()).toEqual([a.id, b.id].sort())

    await store.chooseBackend('keychain')
    expect(await keychainRead(service, a.id)).toBe(KEY_A)
    expect(await keychainRead(service, b.id)).toBe(KEY_B)
    expect(await safeEntries()).toEqual({})
    const reopened = await open(fake)
    expect(reopened.keychainStatus()).toMatchObject({
      choice: 'keychain',
      available: true,
      // Not probed while the keychain works (safe-storage-probe.test.ts): nothing to offer.
      safeStorageAvailable: false,
    })
    expect((await reopened.list()).map((v) => v.needsKey)).toEqual([false, false])
  })

  it('cannot choose safeStorage where there is none (CLI, web host)', async () => {
    const store = await open()
    const error = await store.chooseBackend('safe-storage').catch((e: FiledockError) => e)
    expect(error).toMatchObject({
      kind: 'invalid_input',
      message: expect.stringMatching(/only be chosen in the Filedock desktop app/),
    })
    expect(store.keychainStatus()).toMatchObject({ choice: 'keychain', safeStorageAvailable: false })
  })
})
