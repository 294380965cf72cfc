import type { AccountView } from '../../shared/accounts.ts'
import { FiledockError } from '../../shared/errors.ts'
import { proxyView } from './account-proxy.ts'
import { backendLabel, type KeychainProbe, type SecretStore } from './secret-store.ts'
import type { AccountRecord } from './settings-file.ts'
import { maskKey } from './validate.ts'

const ENTER_AGAIN = 'Enter the API key again to keep using this account.'

/**
 * Reads an account's key, or says for a person why it cannot be used right now. Never throws: a keychain that
 * vanished or changed must show up as a state of the account, not crash the account list.
 */
export async function readKey(
  record: AccountRecord,
  secrets: SecretStore,
  probe: KeychainProbe,
): Promise<{ key: string; problem: null } | { key: null; problem: string }> {
  const missing = (problem: string) => ({ key: null, problem }) as const
  if (!probe.available) return missing(probe.reason ?? `${secrets.describe().label} is not available.`)
  const { backend, label } = secrets.describe()
  if (record.keyBackend !== backend) {
    return missing(
      `The key was saved in ${backendLabel(record.keyBackend)}, which is not in use now (${label} is). ${ENTER_AGAIN}`,
    )
  }
  try {
    const key = await secrets.get(record.id)
    return key === null ? missing(`The key is missing from ${label}. ${ENTER_AGAIN}`) : { key, problem: null }
  } catch (error) {
    return missing(`${(error as Error).message}.`.replace(/\.\.$/, '.'))
  }
}

/** getApiKey's failure for an account whose key cannot be used. */
export function keyProblemError(record: AccountRecord, problem: string): FiledockError {
  return new FiledockError({ kind: 'keychain', message: `Account "${record.label}": ${problem}` })
}

export function toView(record: AccountRecord, activeId: string | null, problem: string | null): AccountView {
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
    keyProblem: problem,
    proxy: proxyView(record.proxy),
    linkBase: record.profile?.linkBase ?? null,
    linkBaseByHand: record.profile?.linkBaseByHand === true,
    formerLinkBases: record.profile?.formerLinkBases ?? [],
    requestsPerSec: record.requestsPerSec ?? null,
  }
}
