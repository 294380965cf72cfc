import type { VerifyKey } from '../accounts/index.ts'
import { ApiClient } from '../api/client.ts'
import { connectionFor, type SystemProxy } from './http-dispatcher.ts'

/**
 * The account store's key check: one account/info call, without retries (the user is waiting on the form),
 * through the system's proxy (an account's own proxy applies once it is saved).
 */
export function createVerifyKey(system: SystemProxy): VerifyKey {
  return async (baseUrl, apiKey, signal) => {
    const connection = await connectionFor({ mode: 'system' }, system, baseUrl)
    const client = new ApiClient({ baseUrl, apiKey, retries: 0, ...connection })
    try {
      const info = await client.accountInfo({ signal })
      return { email: info.email }
    } finally {
      await client.close()
    }
  }
}
