import type { VerifyKey } from '../accounts/index.ts'
import { ApiClient } from '../api/client.ts'
import { dispatcherFor, type HttpDispatcherSource } from './http-dispatcher.ts'

/** The account store's key check: one account/info call, without retries (the user is waiting on the form). */
export function createVerifyKey(http: HttpDispatcherSource | undefined): VerifyKey {
  return async (baseUrl, apiKey, signal) => {
    const dispatcher = await dispatcherFor(http, baseUrl)
    const client = new ApiClient({ baseUrl, apiKey, retries: 0, ...(dispatcher ? { dispatcher } : {}) })
    try {
      const info = await client.accountInfo({ signal })
      return { email: info.email }
    } finally {
      await client.close()
    }
  }
}
