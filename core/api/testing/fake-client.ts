import { afterEach, expect } from 'vitest'
import { FiledockError } from '../../../shared/errors.ts'
import { ApiClient, type ApiClientOptions } from '../client.ts'
import { type FakeHandler, type FakeHost, startFakeHost } from './fake-host.ts'

type ClientOptions = Omit<ApiClientOptions, 'baseUrl'>

/**
 * Clients against scripted fake hosts, for the tests of one file: each call starts a host with `handler` and a
 * client of it (the file's defaults, then the test's options), and both are closed after the test.
 */
export function fakeHostClients(
  defaults: ClientOptions,
): (
  handler: FakeHandler,
  options?: Partial<ClientOptions>,
) => Promise<{ host: FakeHost; client: ApiClient }> {
  const open: Array<{ host: FakeHost; client: ApiClient }> = []
  afterEach(async () => {
    for (const { host, client } of open.splice(0)) {
      await client.close()
      await host.close()
    }
  })
  return async (handler, options = {}) => {
    const host = await startFakeHost(handler)
    const client = new ApiClient({ ...defaults, ...options, baseUrl: host.baseUrl })
    open.push({ host, client })
    return { host, client }
  }
}

/** The typed error a call fails with; its message must not carry `secret` (the API key). */
export async function failureOf(call: Promise<unknown>, secret: string): Promise<FiledockError> {
  const err = await call.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(FiledockError)
  expect((err as FiledockError).message).not.toContain(secret)
  return err as FiledockError
}
