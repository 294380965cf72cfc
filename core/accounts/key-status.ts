import { defineMessages } from '@formatjs/intl'
import type { AccountView } from '../../shared/accounts.ts'
import { FiledockError, isFiledockError } from '../../shared/errors.ts'
import { causeValues } from '../../shared/i18n/cause-values.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { proxyView } from './account-proxy.ts'
import {
  type KeychainProbe,
  type SecretStore,
  savedBackendValues,
  unavailableReason,
} from './secret-store.ts'
import type { AccountRecord } from './settings-file.ts'
import { maskKey } from './validate.ts'

/**
 * Reads an account's key, or says for a person why it cannot be used right now. Never throws: a keychain that
 * vanished or changed must show up as a state of the account, not crash the account list.
 */
export async function readKey(
  record: AccountRecord,
  secrets: SecretStore,
  probe: KeychainProbe,
): Promise<{ key: string; problem: null } | { key: null; problem: FiledockError }> {
  const missing = (problem: FiledockError) => ({ key: null, problem }) as const
  if (!probe.available) return missing(unavailableReason(probe, secrets.describe().label))
  const { backend, label } = secrets.describe()
  if (record.keyBackend !== backend) {
    const saved = savedBackendValues(record.keyBackend)
    return missing(translatedError({ kind: 'keychain' }, TEXT.savedElsewhere, { ...saved, current: label }))
  }
  try {
    const key = await secrets.get(record.id)
    return key === null
      ? missing(translatedError({ kind: 'keychain' }, TEXT.keyMissing, { keyStore: label }))
      : { key, problem: null }
  } catch (error) {
    return missing(sentence(error))
  }
}

/**
 * The keychain's failure as a sentence of its own. Filedock's keychain messages are sentences already and pass
 * as they are (a wrapping here would only add a level to every chain a caller makes of the problem:
 * keyProblemError, the queue's pause). Only a backend's own words get a stop.
 */
function sentence(error: unknown): FiledockError {
  const failure = isFiledockError(error)
    ? error
    : new FiledockError({ kind: 'keychain', message: error instanceof Error ? error.message : String(error) })
  if (failure.message.endsWith('.')) return failure
  return translatedError({ kind: 'keychain' }, TEXT.sentence, causeValues(failure))
}

/**
 * The key problem of an account named on the command line: which account, then the problem. Callers that name
 * the account in their own words (the queue, the link check) take getApiKey's problem as it is, so the account
 * is named once.
 */
export function keyProblemError(account: string, problem: FiledockError): FiledockError {
  return translatedError({ kind: 'keychain' }, TEXT.accountKey, { ...causeValues(problem), account })
}

export function toView(
  record: AccountRecord,
  activeId: string | null,
  problem: FiledockError | null,
): AccountView {
  return {
    id: record.id,
    label: record.label,
    baseUrl: record.baseUrl,
    email: record.email,
    maskedKey: maskKey(record.keySuffix),
    active: record.id === activeId,
    offline: record.offline,
    createdAt: record.createdAt,
    needsKey: problem !== null,
    keyProblem: problem?.message ?? null,
    ...(problem !== null ? { keyProblemError: problem.toJSON() } : {}),
    proxy: proxyView(record.proxy),
    linkBase: record.profile?.linkBase ?? null,
    linkBaseByHand: record.profile?.linkBaseByHand === true,
    formerLinkBases: record.profile?.formerLinkBases ?? [],
    requestsPerSec: record.requestsPerSec ?? null,
  }
}

const TEXT = defineMessages({
  savedElsewhere: {
    id: 'errors.keychain.savedElsewhere',
    defaultMessage:
      'The key was saved in {savedKeychain, select, secretService {the Secret Service keychain} macos {the macOS Keychain} windows {the Windows Credential Manager} keychain {the system keychain} other {{saved}}}, which is not in use now ({current} is). Enter the API key again to keep using this account.',
  },
  keyMissing: {
    id: 'errors.keychain.keyMissing',
    defaultMessage: 'The key is missing from {keyStore}. Enter the API key again to keep using this account.',
  },
  sentence: { id: 'errors.keychain.sentence', defaultMessage: '{cause}.' },
  accountKey: { id: 'errors.keychain.accountKey', defaultMessage: 'Account "{account}": {cause}' },
})
