import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountStore } from './account-store.ts'
import { KeyringSecretStore } from './keyring-secret-store.ts'
import { SafeStorageSecretStore } from './safe-storage-secret-store.ts'
import { FakeSafeStorage, fetchVerify, removeDir, tempDir } from './test-support.ts'

// What loading @napi-rs/keyring throws where its addon is for another machine (another CPU type, musl).
const unloadable = () => Promise.reject(new Error('Cannot find native binding. wrong ELF class: ELFCLASS32'))

let dataDir: string
beforeEach(async () => {
  dataDir = await tempDir()
})
afterEach(() => removeDir(dataDir))

describe('a keyring addon that cannot load', () => {
  it('is "no keychain", with the loader’s words, and the store offers safeStorage instead', async () => {
    const keychain = new KeyringSecretStore({ load: unloadable })
    expect(await keychain.probe()).toEqual({
      available: false,
      reason: expect.objectContaining({ message: expect.stringMatching(/wrong ELF class/) }),
    })
    await expect(keychain.get('any')).rejects.toMatchObject({ kind: 'keychain' })
    const store = await AccountStore.open({
      dataDir,
      verify: fetchVerify,
      keychain,
      safeStorage: new SafeStorageSecretStore(new FakeSafeStorage('kwallet5'), { dataDir }),
    })
    expect(store.keychainStatus()).toMatchObject({ available: false, safeStorageAvailable: true })
  })
})
