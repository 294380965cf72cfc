import { defineMessages } from '@formatjs/intl'
import { isFiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { AccountStore } from './account-store.ts'
import { keyProblemError } from './key-status.ts'
import { sameLabel } from './validate.ts'

export interface AccountCredentials {
  id: string
  label: string
  baseUrl: string
  apiKey: string
}

/**
 * For the CLI: the account named by `nameOrId` — its id, or its label in any case — or the active account
 * when none is named, with its key from the keychain. Labels are unique ignoring case, so a match is unique.
 */
export async function resolveAccountCredentials(
  store: Pick<AccountStore, 'entries' | 'getApiKey'>,
  nameOrId?: string,
): Promise<AccountCredentials> {
  const entries = store.entries()
  const wanted = nameOrId?.trim() ?? ''
  const entry =
    wanted === ''
      ? entries.find((e) => e.active)
      : (entries.find((e) => e.id === wanted) ?? entries.find((e) => sameLabel(e.label, wanted)))
  if (entry === undefined) {
    // The names as they are typed on the command line, quoted, in a list of their own.
    const known = entries.map((e) => `"${e.label}"`).join(', ')
    const text = entries.length === 0 ? TEXT.noneSetUp : wanted === '' ? TEXT.noneActive : TEXT.noSuchName
    throw translatedError({ kind: 'not_found' }, text, { known, wanted })
  }
  const apiKey = await store.getApiKey(entry.id).catch((error: unknown) => {
    throw isFiledockError(error) && error.kind === 'keychain' ? keyProblemError(entry.label, error) : error
  })
  return { id: entry.id, label: entry.label, baseUrl: entry.baseUrl, apiKey }
}

const TEXT = defineMessages({
  noneSetUp: { id: 'errors.accounts.noneSetUp', defaultMessage: 'No account is set up yet. Add one first.' },
  noneActive: {
    id: 'errors.accounts.noneActive',
    defaultMessage: 'No account is active. Name one of: {known}.',
  },
  noSuchName: {
    id: 'errors.accounts.noSuchName',
    defaultMessage: 'There is no account named "{wanted}". Accounts: {known}.',
  },
})
