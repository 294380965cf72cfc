import { readdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FiledockError } from '../../shared/errors.ts'
import {
  SAFE_STORAGE_FILE,
  type SafeStorageLike,
  SafeStorageSecretStore,
} from './safe-storage-secret-store.ts'
import { allFileText, FakeSafeStorage, removeDir, tempDir } from './test-support.ts'

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a FiledockError'),
    (error: FiledockError) => error,
  )

let dataDir: string
beforeEach(async () => {
  dataDir = await tempDir()
})
afterEach(() => removeDir(dataDir))

describe('SafeStorageSecretStore', () => {
  it('keeps encrypted blobs in an owner-only file, and loses none of many quick writes', async () => {
    const store = new SafeStorageSecretStore(new FakeSafeStorage('kwallet6'), { dataDir })
    expect(store.describe()).toEqual({
      kind: 'safe-storage',
      backend: 'safe-storage:kwallet6',
      label: 'Electron safeStorage (kwallet6)',
      secure: true,
    })
    const ids = Array.from({ length: 8 }, (_, i) => `id-${i}`)
    await Promise.all(ids.map((id) => store.set(id, `secret-value-for-${id}`)))
    for (const id of ids) expect(await store.get(id)).toBe(`secret-value-for-${id}`)
    expect(await allFileText(dataDir)).not.toContain('secret-value-for')
    expect(await readdir(dataDir)).toEqual([SAFE_STORAGE_FILE])
    if (process.platform !== 'win32')
      expect((await stat(join(dataDir, SAFE_STORAGE_FILE))).mode & 0o777).toBe(0o600)

    expect(await store.delete('id-0')).toBe(true)
    expect(await store.delete('id-0')).toBe(false)
    expect(await store.get('id-0')).toBeNull()
  })

  it('reports a blob it cannot decrypt, one from another backend, and a damaged file as keychain errors', async () => {
    await new SafeStorageSecretStore(new FakeSafeStorage('gnome_libsecret'), { dataDir }).set('a', 'secret-a')
    // Same backend name, different machine secret: what a restored backup or a reset wallet looks like.
    const otherKey = new SafeStorageSecretStore(new FakeSafeStorage('gnome_libsecret'), { dataDir })
    expect(await failure(otherKey.get('a'))).toMatchObject({
      kind: 'keychain',
      message: /could not be decrypted/,
    })
    const otherBackend = new SafeStorageSecretStore(new FakeSafeStorage('kwallet5'), { dataDir })
    expect(await failure(otherBackend.get('a'))).toMatchObject({
      kind: 'keychain',
      message:
        'The key was encrypted by safe-storage:gnome_libsecret, but safe-storage:kwallet5 is in use now.',
    })

    await writeFile(join(dataDir, SAFE_STORAGE_FILE), '{"version":1,"entries":')
    expect(await failure(otherKey.get('a'))).toMatchObject({ kind: 'keychain', message: /is damaged/ })
  })

  it('works on platforms without a selectable backend (macOS, Windows)', async () => {
    const fake = new FakeSafeStorage()
    const withoutBackend: SafeStorageLike = {
      isEncryptionAvailable: () => true,
      encryptString: (text) => fake.encryptString(text),
      decryptString: (blob) => fake.decryptString(blob),
    }
    const store = new SafeStorageSecretStore(withoutBackend, { dataDir })
    expect(store.describe()).toMatchObject({
      backend: 'safe-storage',
      label: 'Electron safeStorage',
      secure: true,
    })
    expect(await store.probe()).toEqual({ available: true })
    await store.set('x', 'secret-x')
    expect(await store.get('x')).toBe('secret-x')
  })
})
