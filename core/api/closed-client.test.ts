import { expect, it } from 'vitest'
import { sandboxForAll } from '../../sandbox/test-support.ts'
import { ApiClient } from './client.ts'
import { failedOnClosedClient } from './closed-client.ts'

const t = sandboxForAll({ faults: { dropRate: 1 } })

it('a call on a client the app closed is told apart from a host that cuts the connection', async () => {
  t.sb.setFaults({ dropRate: 0 })
  const closed = new ApiClient({ baseUrl: t.sb.baseUrl, apiKey: t.sb.apiKey })
  await closed.folderList(0)
  await closed.close()
  const onClosed = await closed.folderList(0).catch((e: unknown) => e)
  expect(onClosed).toBeInstanceOf(Error)
  expect(failedOnClosedClient(onClosed)).toBe(true)

  t.sb.setFaults({ dropRate: 1 })
  const open = new ApiClient({ baseUrl: t.sb.baseUrl, apiKey: t.sb.apiKey, retries: 0 })
  const dropped = await open.folderList(0).catch((e: unknown) => e)
  await open.close()
  expect(dropped).toBeInstanceOf(Error)
  expect(failedOnClosedClient(dropped)).toBe(false)
})
