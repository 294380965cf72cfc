import type { AccountStore } from '../core/accounts/index.ts'
import { defaultDataDir } from '../core/app/data-dir.ts'
import { FiledockError } from '../shared/errors.ts'

/** The keychain service name the app stores keys under; tests and portable setups use a throwaway one. */
export const KEYCHAIN_SERVICE_ENV = 'FILEDOCK_KEYCHAIN_SERVICE'

/**
 * The app's accounts (accounts.json in the app's data folder, keys in the OS keychain), opened for reading: the
 * CLI picks an account and reads its key, it never adds, changes or removes one (that is the app's job, where
 * the key is checked with the host first).
 */
export async function openAccounts(env: NodeJS.ProcessEnv): Promise<AccountStore> {
  const { AccountStore, KeyringSecretStore } = await import('../core/accounts/index.ts')
  const service = env[KEYCHAIN_SERVICE_ENV]?.trim()
  return AccountStore.open({
    dataDir: defaultDataDir(env),
    keychain: new KeyringSecretStore(service ? { service } : {}),
    verify: () =>
      Promise.reject(
        new FiledockError({ kind: 'invalid_input', message: 'Accounts are added in the Filedock app.' }),
      ),
  })
}
