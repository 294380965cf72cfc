import { defineMessages } from '@formatjs/intl'
import type { KeychainStatus } from '../../shared/accounts.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { causeValues } from '../../shared/i18n/cause-values.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { SecretStore } from './secret-store.ts'
import type { AccountRecord } from './settings-file.ts'
import { keySuffix, sameLabel } from './validate.ts'

export function assertLabelFree(accounts: readonly AccountRecord[], label: string, exceptId?: string): void {
  const taken = accounts.find((r) => r.id !== exceptId && sameLabel(r.label, label))
  if (taken !== undefined) {
    throw translatedError({ kind: 'invalid_input' }, TEXT.labelTaken, { label: taken.label })
  }
}

/**
 * Same address and same key is the same account twice. The key is not in the settings file, so candidates
 * (same address, same visible suffix) are compared with the stored copy; an unreadable key cannot be compared
 * and does not count as a duplicate.
 */
export async function assertNotDuplicate(
  accounts: readonly AccountRecord[],
  secrets: SecretStore,
  baseUrl: string,
  apiKey: string,
  exceptId?: string,
): Promise<void> {
  const suffix = keySuffix(apiKey)
  for (const r of accounts) {
    if (r.id === exceptId || r.baseUrl !== baseUrl || r.keySuffix !== suffix) continue
    const saved = await secrets.get(r.id).catch(() => null)
    if (saved === apiKey) {
      throw translatedError({ kind: 'invalid_input' }, TEXT.duplicate, { baseUrl, label: r.label })
    }
  }
}

/** Adding or replacing a key with no working backend: say why, and offer the explicit alternative if any. */
export function cannotStoreKeysError(status: KeychainStatus): FiledockError {
  return translatedError({ kind: 'keychain' }, TEXT.cannotStore, {
    ...causeValues(status.reasonError ?? status.reason ?? ''),
    offer: status.safeStorageAvailable ? 'yes' : 'no',
  })
}

/** A call that names no account when none is active (no account added yet, or the active one removed). */
export function noActiveAccount(): FiledockError {
  return translatedError({ kind: 'not_found' }, TEXT.noActive)
}

const TEXT = defineMessages({
  cannotStore: {
    id: 'errors.keychain.cannotStore',
    defaultMessage:
      '{cause} Filedock never stores API keys in plain text, so nothing was saved.{offer, select, yes { You can choose to keep keys encrypted by Electron safeStorage instead (less protected).} other {}}',
  },
  labelTaken: {
    id: 'errors.accounts.labelTaken',
    defaultMessage: 'There is already an account named "{label}".',
  },
  duplicate: {
    id: 'errors.accounts.duplicate',
    defaultMessage: 'This key for {baseUrl} is already saved as the account "{label}".',
  },
  noActive: { id: 'errors.accounts.noActive', defaultMessage: 'No account is active. Add an account first.' },
})
