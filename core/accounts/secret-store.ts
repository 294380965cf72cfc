import { defineMessages } from '@formatjs/intl'
import type { SecretBackendChoice } from '../../shared/accounts.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'

export interface SecretStoreDescription {
  /** Which kind of store, as the user chooses it. */
  kind: SecretBackendChoice
  /**
   * The concrete backend, recorded next to every account so that a changed or vanished backend is noticed,
   * e.g. `keychain:secret-service`, `keychain:macos`, `safe-storage:kwallet5`.
   */
  backend: string
  /** For people, e.g. "Secret Service (GNOME Keyring, KWallet)". */
  label: string
  /** False for a backend that would keep keys readable at rest; such a backend refuses to store anything. */
  secure: boolean
}

export interface KeychainProbe {
  available: boolean
  /** Why not, for a person: a keychain error whose text is in the catalogues. */
  reason?: FiledockError
}

/** Holds one secret (an API key) per account id. Every failure is a FiledockError of kind `keychain`. */
export interface SecretStore {
  /** null when there is no entry for the id. */
  get(id: string): Promise<string | null>
  set(id: string, secret: string): Promise<void>
  /** true if an entry was deleted, false if there was none. */
  delete(id: string): Promise<boolean>
  describe(): SecretStoreDescription
  /** Checks the store really works (a write, read and delete of a test entry where that is possible). */
  probe(): Promise<KeychainProbe>
}

/**
 * A backend failure, its text in the catalogues: `keyStore` is the backend's own name (Secret Service, macOS
 * Keychain) and the backend's words in `detail` are the OS's: both values, as they are. Backend messages never
 * contain the secret, only the operation that failed.
 */
export function keychainErrorText(text: ErrorMessage, label: string, cause?: unknown): FiledockError {
  const detail = cause instanceof Error && cause.message !== '' ? cause.message : ''
  return translatedError(
    { kind: 'keychain' },
    text,
    { keyStore: label, hasDetail: detail === '' ? 'no' : 'yes', detail },
    { cause },
  )
}

/**
 * The backend a key was saved in, as values of a message (`errors.keychain.savedElsewhere`), including backends
 * not present any more. A keychain is named by the message in each language (`savedKeychain`, a select: "the
 * system keychain" has words to translate); any other backend by its own name (`saved`), a product's name.
 */
export function savedBackendValues(backend: string): { savedKeychain: SavedKeychain; saved: string } {
  const [kind, detail] = backend.split(':', 2)
  if (kind === 'keychain') {
    const savedKeychain =
      detail === 'secret-service'
        ? 'secretService'
        : detail === 'macos' || detail === 'windows'
          ? detail
          : 'keychain'
    return { savedKeychain, saved: backend }
  }
  if (kind === 'safe-storage')
    return { savedKeychain: 'none', saved: `Electron safeStorage${detail ? ` (${detail})` : ''}` }
  return { savedKeychain: 'none', saved: backend }
}

type SavedKeychain = 'secretService' | 'macos' | 'windows' | 'keychain' | 'none'

/** The probe's reason, or that the backend is not available when it gave none. */
export function unavailableReason(probe: KeychainProbe, label: string): FiledockError {
  return probe.reason ?? translatedError({ kind: 'keychain' }, TEXT.notAvailable, { keyStore: label })
}

/**
 * Stands in for a backend that cannot exist in this process — e.g. keys kept by Electron safeStorage, read
 * from the CLI — so accounts still list (each with its problem) instead of the store failing to open.
 */
export class UnavailableSecretStore implements SecretStore {
  constructor(
    private readonly description: SecretStoreDescription,
    private readonly reason: FiledockError,
  ) {}

  describe(): SecretStoreDescription {
    return this.description
  }

  async probe(): Promise<KeychainProbe> {
    return { available: false, reason: this.reason }
  }

  async get(): Promise<string | null> {
    throw this.reason
  }

  async set(): Promise<void> {
    throw this.reason
  }

  async delete(): Promise<boolean> {
    throw this.reason
  }
}

const TEXT = defineMessages({
  notAvailable: { id: 'errors.keychain.notAvailable', defaultMessage: '{keyStore} is not available.' },
})
