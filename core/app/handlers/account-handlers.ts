import type { AccountView } from '../../../shared/accounts.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { AccountStore } from '../../accounts/index.ts'
import type { OfflineSandbox } from '../offline-sandbox.ts'

type AccountChannels =
  | 'accounts.list'
  | 'accounts.add'
  | 'accounts.update'
  | 'accounts.remove'
  | 'accounts.setActive'
  | 'accounts.tryOffline'

export const OFFLINE_LABEL = 'Offline sandbox'

export function accountHandlers(
  store: AccountStore,
  offline: OfflineSandbox,
): Pick<Handlers, AccountChannels> {
  return {
    'accounts.list': () => store.snapshot(),
    'accounts.add': (input) => store.add(input),
    'accounts.update': ({ id, ...patch }) => store.update(id, withoutUndefined(patch)),
    'accounts.remove': async ({ id }) => {
      await store.remove(id)
      return null
    },
    'accounts.setActive': async ({ id }) => {
      await store.setActive(id)
      return null
    },
    'accounts.tryOffline': () => tryOffline(store, offline),
  }
}

/**
 * Starts the embedded sandbox and makes its account active. Asking twice is harmless: the existing offline
 * account is reused (its address refreshed if the sandbox moved to another port).
 */
async function tryOffline(store: AccountStore, offline: OfflineSandbox): Promise<AccountView> {
  const { baseUrl, apiKey } = await offline.ensure()
  const existing = (await store.list()).find((a) => a.offline)
  if (existing === undefined) {
    return store.add({ label: OFFLINE_LABEL, baseUrl, apiKey }, { offline: true, activate: true })
  }
  const patch = {
    ...(existing.baseUrl === baseUrl ? {} : { baseUrl }),
    ...(existing.needsKey ? { apiKey } : {}),
  }
  if (Object.keys(patch).length > 0) await store.update(existing.id, patch)
  await store.setActive(existing.id)
  return store.get(existing.id)
}

function withoutUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>
  }
}
