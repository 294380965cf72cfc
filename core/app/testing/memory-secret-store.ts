import { FiledockError } from '../../../shared/errors.ts'
import type { KeychainProbe, SecretStore, SecretStoreDescription } from '../../accounts/index.ts'

/**
 * A keychain stand-in for composition tests, which are about wiring, not about the OS keychain (the account
 * store's own tests use the real Secret Service). `available` can be switched off to play a locked keychain.
 */
export class MemorySecretStore implements SecretStore {
  readonly entries = new Map<string, string>()
  available = true

  describe(): SecretStoreDescription {
    return { kind: 'keychain', backend: 'keychain:memory', label: 'test keychain', secure: true }
  }

  async probe(): Promise<KeychainProbe> {
    return this.available
      ? { available: true }
      : {
          available: false,
          reason: new FiledockError({ kind: 'keychain', message: 'The test keychain is locked.' }),
        }
  }

  async get(id: string): Promise<string | null> {
    return this.entries.get(id) ?? null
  }

  async set(id: string, secret: string): Promise<void> {
    this.entries.set(id, secret)
  }

  async delete(id: string): Promise<boolean> {
    return this.entries.delete(id)
  }
}
