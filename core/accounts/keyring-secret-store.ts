import { randomUUID } from 'node:crypto'
import { setTimeout as wait } from 'node:timers/promises'
import { defineMessages } from '@formatjs/intl'
import type { AsyncEntry } from '@napi-rs/keyring'
import { translatedError } from '../../shared/i18n/error-text.ts'
import {
  type KeychainProbe,
  keychainErrorText,
  type SecretStore,
  type SecretStoreDescription,
} from './secret-store.ts'

export const DEFAULT_KEYCHAIN_SERVICE = 'Filedock'

export type KeyringModule = Pick<typeof import('@napi-rs/keyring'), 'AsyncEntry'>

/**
 * The keyring addon, loaded when a key is first needed rather than when the program starts: an addon that
 * cannot load here (another CPU type, a musl system) then fails that one call, which the store reports as "no
 * keychain" (and the app offers its fallback), instead of stopping Electron's main before any window opens.
 */
const loadKeyring = (): Promise<KeyringModule> => import('@napi-rs/keyring')

function platformBackend(): Pick<SecretStoreDescription, 'backend' | 'label'> {
  if (process.platform === 'darwin') return { backend: 'keychain:macos', label: 'macOS Keychain' }
  if (process.platform === 'win32')
    return { backend: 'keychain:windows', label: 'Windows Credential Manager' }
  return { backend: 'keychain:secret-service', label: 'Secret Service (GNOME Keyring, KWallet)' }
}

/**
 * API keys in the OS keychain via @napi-rs/keyring: one entry per account, service = `service`, account = the
 * account id. On Linux the entry is pinned to the Secret Service: the library's default would otherwise fall
 * back silently to the kernel keyring, which forgets every key at logout — a vanished key, not a stored one.
 */
export class KeyringSecretStore implements SecretStore {
  readonly service: string
  private readonly load: () => Promise<KeyringModule>

  constructor(options: { service?: string; load?: () => Promise<KeyringModule> } = {}) {
    this.service = options.service ?? DEFAULT_KEYCHAIN_SERVICE
    this.load = options.load ?? loadKeyring
  }

  describe(): SecretStoreDescription {
    return { kind: 'keychain', ...platformBackend(), secure: true }
  }

  async get(id: string): Promise<string | null> {
    try {
      return await settled(async () => (await this.entry(id)).getPassword())
    } catch (cause) {
      throw keychainErrorText(KEYRING.read, this.describe().label, cause)
    }
  }

  async set(id: string, secret: string): Promise<void> {
    try {
      await settled(async () => (await this.entry(id)).setPassword(secret))
    } catch (cause) {
      throw keychainErrorText(KEYRING.save, this.describe().label, cause)
    }
  }

  async delete(id: string): Promise<boolean> {
    try {
      return await settled(async () => (await this.entry(id)).deletePassword())
    } catch (cause) {
      throw keychainErrorText(KEYRING.delete, this.describe().label, cause)
    }
  }

  probe(): Promise<KeychainProbe> {
    return probeKeychain({ service: this.service, load: this.load })
  }

  // The constructor itself throws when the pinned store is unreachable (and the load when the addon cannot
  // load), so it is called inside each try.
  private async entry(id: string): Promise<AsyncEntry> {
    const { AsyncEntry } = await this.load()
    return new AsyncEntry(this.service, id, { linux: { store: 'secret-service' } })
  }
}

/** Waits before the second and third try of a keychain call the keychain could not serve. */
const KEYCHAIN_RETRY_MS = [150, 600] as const

/**
 * A busy Secret Service now and then answers a call with "no result found" (the library's NoStorageAccess) and
 * serves the same call a moment later; on a desktop that would show a working account as "needs key". Such
 * answers are tried twice more. An unreachable keychain fails the same way each time, so it still fails, a
 * fraction of a second later; "no entry" is an answer, not a failure, and never waits.
 */
export async function settled<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      const delay = KEYCHAIN_RETRY_MS[attempt]
      if (delay === undefined || !isStorageAccessFailure(error)) throw error
      await wait(delay)
    }
  }
}

const isStorageAccessFailure = (error: unknown) =>
  error instanceof Error && /couldn't access platform storage/i.test(error.message)

/**
 * Writes, reads back and deletes a throwaway entry, so "available" means the keychain works now (running,
 * unlocked, writable) rather than merely that a library loaded.
 */
export async function probeKeychain(
  options: { service?: string; load?: () => Promise<KeyringModule> } = {},
): Promise<KeychainProbe> {
  const store = new KeyringSecretStore(options)
  const { label } = store.describe()
  const id = `filedock-probe-${randomUUID()}`
  const value = randomUUID()
  const unavailable = (error: unknown): KeychainProbe => {
    // The library's own words (e.g. the D-Bus error) help whoever debugs the desktop session.
    const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error
    const detail = inner instanceof Error ? inner.message : String(inner)
    const text = process.platform === 'linux' ? KEYRING.noSecretService : KEYRING.cannotUse
    return {
      available: false,
      reason: translatedError({ kind: 'keychain' }, text, { keyStore: label, detail }),
    }
  }
  try {
    await store.set(id, value)
  } catch (error) {
    return unavailable(error)
  }
  try {
    const read = await store.get(id)
    if (read !== value)
      return {
        available: false,
        reason: translatedError({ kind: 'keychain' }, KEYRING.readBack, { keyStore: label }),
      }
    return { available: true }
  } catch (error) {
    return unavailable(error)
  } finally {
    await store.delete(id).catch(() => undefined)
  }
}

const KEYRING = defineMessages({
  noSecretService: {
    id: 'errors.keychain.noSecretService',
    defaultMessage: 'No keychain (Secret Service) is available on this system ({detail}).',
  },
  cannotUse: { id: 'errors.keychain.cannotUse', defaultMessage: 'The {keyStore} cannot be used ({detail}).' },
  readBack: {
    id: 'errors.keychain.readBack',
    defaultMessage: 'The {keyStore} did not return what was saved in it.',
  },
  read: {
    id: 'errors.keychain.read',
    defaultMessage:
      'Could not read the key from the {keyStore}{hasDetail, select, yes { ({detail})} other {}}.',
  },
  save: {
    id: 'errors.keychain.save',
    defaultMessage:
      'Could not save the key in the {keyStore}{hasDetail, select, yes { ({detail})} other {}}.',
  },
  delete: {
    id: 'errors.keychain.delete',
    defaultMessage:
      'Could not delete the key from the {keyStore}{hasDetail, select, yes { ({detail})} other {}}.',
  },
})
