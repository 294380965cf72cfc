import { expect, it } from 'vitest'
import { openSandbox, type TestSandbox } from '../../sandbox/test-support.ts'
import type { AccountView } from '../../shared/accounts.ts'
import type { IndexStatus } from '../../shared/file-index.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import { type CoreCall, coreWithAccount, undoAfterEach } from './testing/core-with-account.ts'

const cleanup = undoAfterEach()

/** A second host whose answers take a while, so its account's first crawl is still asking when the test acts. */
async function slowHost(): Promise<TestSandbox> {
  const sandbox = await openSandbox({ seedFiles: 300, maxPerPage: 50, faults: { latencyMs: 150 } })
  cleanup.push(() => sandbox.stop())
  return sandbox
}

/** The account's status once a full crawl that began at `since` or later has finished. */
async function indexed(call: CoreCall, accountId: string, since = 0): Promise<IndexStatus> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const status = (await call<IndexStatus[]>('index.status')).find((s) => s.accountId === accountId)
    if (status?.lastFullCrawl && Date.parse(status.lastFullCrawl) >= since) return status
    if (Date.now() > deadline) throw new Error(`not indexed: ${JSON.stringify(status)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** What the index told the window about an account's crawl: every state and warning it passed through. */
function crawlReports(events: readonly AppEvent[], accountId: string) {
  return events.flatMap((e) =>
    e.type === 'index.progress' && e.accountId === accountId ? [{ state: e.state, warning: e.warning }] : [],
  )
}

it('adding an account and making it active (as the window does) lets its first crawl run without a pause or a warning', async () => {
  const first = await openSandbox({ seedFiles: 20 })
  cleanup.push(() => first.stop())
  const { call, events } = await coreWithAccount(first, cleanup)
  const second = await slowHost()
  const added = await call<AccountView>('accounts.add', {
    label: 'Second',
    baseUrl: second.sb.baseUrl,
    apiKey: second.sb.apiKey,
  })
  await call('accounts.setActive', { id: added.id })

  expect(await indexed(call, added.id)).toMatchObject({ filesIndexed: 300, warning: null, state: 'ready' })
  const reports = crawlReports(events, added.id)
  expect(reports.filter((r) => r.state !== 'crawling' && r.state !== 'ready')).toEqual([])
  expect(reports.filter((r) => r.warning !== null)).toEqual([])
})

it('a crawl whose client the app closes (its account renamed) goes on with a new one, saying nothing of the host', async () => {
  const sandbox = await slowHost()
  const { call, events, account } = await coreWithAccount(sandbox, cleanup)
  const before = events.length
  const asked = Date.now()
  await call('index.refresh', { accountId: account.id })
  // The crawl is under way (its first listing is in), then the account changes under it.
  const deadline = Date.now() + 10_000
  while (!events.slice(before).some((e) => e.type === 'index.changed')) {
    if (Date.now() > deadline) throw new Error('the crawl wrote nothing')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await call('accounts.update', { id: account.id, label: 'Renamed' })
  expect(await indexed(call, account.id, asked)).toMatchObject({
    filesIndexed: 300,
    warning: null,
    state: 'ready',
  })
  const reports = crawlReports(events.slice(before), account.id)
  expect(reports.filter((r) => r.state !== 'crawling' && r.state !== 'ready')).toEqual([])
  expect(reports.filter((r) => r.warning !== null)).toEqual([])
})
