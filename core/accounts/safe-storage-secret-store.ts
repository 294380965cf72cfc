import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { z } from 'zod'
import type { FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import { writeFileAtomic } from '../durable/atomic-file.ts'
import {
  type KeychainProbe,
  keychainErrorText,
  type SecretStore,
  type SecretStoreDescription,
} from './secret-store.ts'

/** The part of Electron's `safeStorage` used here; electron/ passes the real one in (type only, no import). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only in Electron: 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown'. */
  getSelectedStorageBackend?(): string
}

export const SAFE_STORAGE_FILE = 'account-keys.safestorage.json'

const fileSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ backend: z.string(), data: z.string() })),
})
type KeyFile = z.infer<typeof fileSchema>

/**
 * The explicit, warned alternative when no OS keychain exists: keys encrypted by Electron safeStorage, kept as
 * blobs in a file in the data folder. It refuses to work when safeStorage cannot encrypt or would use its
 * `basic_text` backend (a hard-coded password, as good as plain text) — a key is never stored readable.
 * Construct it after Electron's `ready`: before that the Linux backend reads as 'unknown' and is refused.
 */
export class SafeStorageSecretStore implements SecretStore {
  private readonly path: string
  private writes: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly safeStorage: SafeStorageLike,
    options: { dataDir: string },
  ) {
    this.path = join(options.dataDir, SAFE_STORAGE_FILE)
  }

  describe(): SecretStoreDescription {
    const selected = this.selectedBackend()
    return {
      kind: 'safe-storage',
      backend: selected === null ? 'safe-storage' : `safe-storage:${selected}`,
      label: `Electron safeStorage${selected === null ? '' : ` (${selected})`}`,
      secure: this.refusal() === null,
    }
  }

  async probe(): Promise<KeychainProbe> {
    const refusal = this.refusal()
    if (refusal !== null) return { available: false, reason: refusal }
    try {
      const sample = 'filedock-probe'
      if (this.safeStorage.decryptString(this.safeStorage.encryptString(sample)) !== sample) {
        return { available: false, reason: keychainErrorText(TEXT.roundTrip, LABEL) }
      }
      return { available: true }
    } catch (error) {
      return { available: false, reason: keychainErrorText(TEXT.failed, LABEL, error) }
    }
  }

  async get(id: string): Promise<string | null> {
    this.assertUsable()
    const entry = (await this.load()).entries[id]
    if (entry === undefined) return null
    const { backend } = this.describe()
    if (entry.backend !== backend) {
      throw translatedError({ kind: 'keychain' }, TEXT.otherBackend, { was: entry.backend, now: backend })
    }
    try {
      return this.safeStorage.decryptString(Buffer.from(entry.data, 'base64'))
    } catch (cause) {
      throw keychainErrorText(TEXT.decrypt, LABEL, cause)
    }
  }

  async set(id: string, secret: string): Promise<void> {
    this.assertUsable()
    let data: string
    try {
      data = this.safeStorage.encryptString(secret).toString('base64')
    } catch (cause) {
      throw keychainErrorText(TEXT.encrypt, LABEL, cause)
    }
    const { backend } = this.describe()
    await this.mutate((file) => {
      file.entries[id] = { backend, data }
      return true
    })
  }

  delete(id: string): Promise<boolean> {
    return this.mutate((file) => {
      if (!(id in file.entries)) return false
      delete file.entries[id]
      return true
    })
  }

  /** Null when usable; otherwise the reason, for a person. */
  private refusal(): FiledockError | null {
    const refused = (text: ErrorMessage) => translatedError({ kind: 'keychain' }, text)
    if (!this.safeStorage.isEncryptionAvailable()) return refused(TEXT.noEncryption)
    const selected = this.selectedBackend()
    if (selected === 'basic_text') return refused(TEXT.basicText)
    if (selected === 'unknown') return refused(TEXT.unknownBackend)
    return null
  }

  private assertUsable(): void {
    const refusal = this.refusal()
    if (refusal !== null) throw refusal
  }

  private selectedBackend(): string | null {
    return this.safeStorage.getSelectedStorageBackend?.() ?? null
  }

  // Read-modify-write under one chain, so two quick saves do not drop one another.
  private mutate(change: (file: KeyFile) => boolean): Promise<boolean> {
    const run = async () => {
      const file = await this.load()
      const changed = change(file)
      if (changed) {
        try {
          await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`)
        } catch (cause) {
          throw keychainErrorText(TEXT.writeFile, LABEL, cause)
        }
      }
      return changed
    }
    const next = this.writes.then(run, run)
    this.writes = next.catch(() => undefined)
    return next
  }

  private async load(): Promise<KeyFile> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: {} }
      throw keychainErrorText(TEXT.readFile, LABEL, error)
    }
    try {
      return fileSchema.parse(JSON.parse(text))
    } catch {
      // The parser's own message would only list JSON paths; the file name is what helps.
      throw translatedError({ kind: 'keychain' }, TEXT.damaged, { path: this.path })
    }
  }
}

/** The backend's name in messages: a product's name, as it is in every language. */
const LABEL = 'Electron safeStorage'

const TEXT = defineMessages({
  roundTrip: {
    id: 'errors.keychain.safeStorageRoundTrip',
    defaultMessage: '{keyStore} did not decrypt what it encrypted.',
  },
  failed: {
    id: 'errors.keychain.safeStorageFailed',
    defaultMessage: '{keyStore} failed{hasDetail, select, yes { ({detail})} other {}}.',
  },
  otherBackend: {
    id: 'errors.keychain.safeStorageOtherBackend',
    defaultMessage: 'The key was encrypted by {was}, but {now} is in use now.',
  },
  decrypt: {
    id: 'errors.keychain.safeStorageDecrypt',
    defaultMessage:
      'The saved key could not be decrypted by {keyStore}{hasDetail, select, yes { ({detail})} other {}}.',
  },
  encrypt: {
    id: 'errors.keychain.safeStorageEncrypt',
    defaultMessage: '{keyStore} could not encrypt the key{hasDetail, select, yes { ({detail})} other {}}.',
  },
  noEncryption: {
    id: 'errors.keychain.safeStorageNoEncryption',
    defaultMessage: 'Electron safeStorage cannot encrypt on this system, so it cannot hold API keys.',
  },
  basicText: {
    id: 'errors.keychain.safeStorageBasicText',
    defaultMessage:
      "Electron safeStorage would use its 'basic_text' backend (a fixed, built-in password), which is as readable as plain text. Filedock does not store API keys that way.",
  },
  unknownBackend: {
    id: 'errors.keychain.safeStorageUnknown',
    defaultMessage: 'Electron safeStorage is not ready yet (its backend is unknown).',
  },
  writeFile: {
    id: 'errors.keychain.keyFileWrite',
    defaultMessage: 'Could not write the encrypted key file{hasDetail, select, yes { ({detail})} other {}}.',
  },
  readFile: {
    id: 'errors.keychain.keyFileRead',
    defaultMessage: 'Could not read the encrypted key file{hasDetail, select, yes { ({detail})} other {}}.',
  },
  damaged: {
    id: 'errors.keychain.keyFileDamaged',
    defaultMessage: 'The encrypted key file {path} is damaged.',
  },
})
