import { defineMessages } from '@formatjs/intl'
import type { SecretBackendChoice } from '../../shared/accounts.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import {
  type KeychainProbe,
  type SecretStore,
  UnavailableSecretStore,
  unavailableReason,
} from './secret-store.ts'
import type { AccountRecord, AccountSettings } from './settings-file.ts'

export interface SecretBackends {
  /** The OS keychain: normally `new KeyringSecretStore()`. */
  keychain: SecretStore
  /** Electron safeStorage (a SafeStorageSecretStore): only the Electron host has one; the CLI and web do not. */
  safeStorage?: SecretStore | undefined
}

/**
 * The store for the user's saved choice. Nothing here falls back: if the keychain is unavailable the keychain
 * store is still used (and reports why), because quietly keeping keys elsewhere is exactly what must not happen.
 */
export function secretStoreFor(choice: SecretBackendChoice, backends: SecretBackends): SecretStore {
  if (choice === 'keychain') return backends.keychain
  return (
    backends.safeStorage ??
    new UnavailableSecretStore(
      { kind: 'safe-storage', backend: 'safe-storage', label: 'Electron safeStorage', secure: true },
      translatedError({ kind: 'keychain' }, TEXT.desktopOnlyKeys),
    )
  )
}

export interface BackendSwitch {
  settings: AccountSettings
  secrets: SecretStore
  probe: KeychainProbe
  /** After the settings are saved: delete the moved keys from the old backend (best effort). */
  cleanUp(): Promise<void>
  /** When the settings could not be saved: delete the copies from the new backend (best effort). */
  abandon(): Promise<void>
}

/**
 * Prepares a switch to `choice`: the new backend must pass its probe, then every key still readable in the
 * current backend is copied over. If a copy fails, the copies made so far are removed and nothing changes.
 */
export async function switchBackend(
  choice: SecretBackendChoice,
  backends: SecretBackends,
  current: SecretStore,
  settings: AccountSettings,
): Promise<BackendSwitch> {
  const next = choice === 'keychain' ? backends.keychain : backends.safeStorage
  if (next === undefined) {
    throw translatedError({ kind: 'invalid_input' }, TEXT.desktopOnly)
  }
  const probe = await next.probe()
  if (!probe.available) throw unavailableReason(probe, next.describe().label)
  const from = current.describe().backend
  const to = next.describe().backend
  const moved: string[] = []
  const accounts: AccountRecord[] = []
  try {
    for (const record of settings.accounts) {
      const key =
        from !== to && record.keyBackend === from ? await current.get(record.id).catch(() => null) : null
      if (key === null) {
        accounts.push(record)
        continue
      }
      await next.set(record.id, key)
      moved.push(record.id)
      accounts.push({ ...record, keyBackend: to })
    }
  } catch (error) {
    await removeAll(next, moved)
    throw error
  }
  return {
    settings: { ...settings, secretBackend: choice, accounts },
    secrets: next,
    probe,
    cleanUp: () => removeAll(current, moved),
    abandon: () => removeAll(next, moved),
  }
}

async function removeAll(store: SecretStore, ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => store.delete(id).catch(() => false)))
}

const TEXT = defineMessages({
  desktopOnlyKeys: {
    id: 'errors.keychain.desktopOnlyKeys',
    defaultMessage:
      'The API keys are encrypted with Electron safeStorage (chosen in the Filedock app), which only the Filedock desktop app can read.',
  },
  desktopOnly: {
    id: 'errors.keychain.safeStorageDesktopOnly',
    defaultMessage: 'Electron safeStorage can only be chosen in the Filedock desktop app.',
  },
})
