import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FiledockError } from '../../shared/errors.ts'
import { AccountStore } from './account-store.ts'
import { SafeStorageSecretStore } from './safe-storage-secret-store.ts'
import type { KeychainProbe, SecretStore } from './secret-store.ts'
import { FakeSafeStorage, fetchVerify, removeDir, tempDir } from './test-support.ts'

/** An OS keychain whose state the test sets: working, or gone. */
class MemoryKeychain implements SecretStore {
  private readonly entries = new Map<string, string>()
  constructor(public working: boolean) {}
  async get(id: string) {
    return this.entries.get(id) ?? null
  }
  async set(id: string, secret: string) {
    this.entries.set(id, secret)
  }
  async delete(id: string) {
    return this.entries.delete(id)
  }
  describe() {
    return { kind: 'keychain' as const, backend: 'keychain:test', label: 'Test keychain', secure: true }
  }
  async probe(): Promise<KeychainProbe> {
    return this.working
      ? { available: true }
      : { available: false, reason: new FiledockError({ kind: 'keychain', message: 'No test keychain.' }) }
  }
}

/** Counts encryptions: on macOS each one is a keychain access, which can prompt the user. */
class CountingSafeStorage extends FakeSafeStorage {
  encryptions = 0
  override encryptString(plainText: string): Buffer {
    this.encryptions++
    return super.encryptString(plainText)
  }
}

let dataDir: string
beforeEach(async () => {
  dataDir = await tempDir()
})
afterEach(() => removeDir(dataDir))

const open = (keychain: MemoryKeychain, safe: CountingSafeStorage) =>
  AccountStore.open({
    dataDir,
    verify: fetchVerify,
    keychain,
    safeStorage: new SafeStorageSecretStore(safe, { dataDir }),
  })

describe('probing Electron safeStorage', () => {
  it('leaves safeStorage untouched at start while the keychain works', async () => {
    const safe = new CountingSafeStorage('kwallet5')
    const store = await open(new MemoryKeychain(true), safe)
    expect(store.keychainStatus()).toMatchObject({ available: true, safeStorageAvailable: false })
    expect(safe.encryptions).toBe(0)
  })

  it('probes it when the keychain fails, so it can be offered, and not at the next start once the keychain is back', async () => {
    const keychain = new MemoryKeychain(false)
    const safe = new CountingSafeStorage('kwallet5')
    const store = await open(keychain, safe)
    expect(store.keychainStatus()).toMatchObject({ available: false, safeStorageAvailable: true })
    expect(safe.encryptions).toBe(1)

    keychain.working = true
    const restarted = await open(keychain, safe)
    expect(restarted.keychainStatus()).toMatchObject({ available: true, safeStorageAvailable: false })
    expect(safe.encryptions).toBe(1)
  })

  it('probes it once, as the backend itself, when the user chose it', async () => {
    const keychain = new MemoryKeychain(false)
    const safe = new CountingSafeStorage('kwallet5')
    await (await open(keychain, safe)).chooseBackend('safe-storage')
    safe.encryptions = 0
    const reopened = await open(keychain, safe)
    expect(reopened.keychainStatus()).toMatchObject({
      choice: 'safe-storage',
      available: true,
      safeStorageAvailable: true,
    })
    expect(safe.encryptions).toBe(1)
  })
})
