import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { TestSandbox } from '../../../sandbox/test-support.ts'
import type { AccountView } from '../../../shared/accounts.ts'
import type { IndexStatus } from '../../../shared/file-index.ts'
import type { AppEvent } from '../../../shared/ipc/events.ts'
import { createDispatcher } from '../../ipc/dispatcher.ts'
import { type Core, type CoreOptions, createCore } from '../create-core.ts'
import { MemorySecretStore } from './memory-secret-store.ts'

/** Clean-ups a test pushes as it goes (cores, sandboxes, folders), run after it, last first. */
export function undoAfterEach(): Array<() => Promise<void>> {
  const cleanup: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const undo of cleanup.splice(0).reverse()) await undo()
  })
  return cleanup
}

export type CoreCall = <T>(
  channel: Parameters<ReturnType<typeof createDispatcher>['dispatch']>[0],
  input?: unknown,
) => Promise<T>

/**
 * A core (as the hosts run it) on a temp data folder with one account on `sandbox`, once that account's first
 * crawl into the index is done. `cleanup` gets what undoes it (the data folder stays when one is given).
 */
export async function coreWithAccount(
  sandbox: TestSandbox,
  cleanup: Array<() => Promise<void>>,
  dataDir?: string,
  options: Partial<CoreOptions> = {},
): Promise<{ core: Core; call: CoreCall; account: AccountView; events: AppEvent[]; dir: string }> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'filedock-core-index-')))
  const core: Core = await createCore({
    dataDir: dir,
    host: 'web',
    version: '0',
    secretStore: new MemorySecretStore(),
    log: () => undefined,
    ...options,
  })
  cleanup.push(async () => {
    await core.dispose()
    if (dataDir === undefined) await rm(dir, { recursive: true, force: true })
  })
  const events: AppEvent[] = []
  core.events.subscribe((e) => events.push(e))
  const d = createDispatcher(core.handlers)
  const call: CoreCall = async <T>(channel: Parameters<typeof d.dispatch>[0], input: unknown = {}) => {
    const r = await d.dispatch(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
    return r.value as T
  }
  const account = await call<AccountView>('accounts.add', {
    label: 'Main',
    baseUrl: sandbox.sb.baseUrl,
    apiKey: sandbox.sb.apiKey,
  })
  // Adding an account starts its crawl by itself.
  const deadline = Date.now() + 20_000
  while ((await call<IndexStatus[]>('index.status'))[0]?.lastFullCrawl == null) {
    if (Date.now() > deadline) throw new Error('the new account was not indexed')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { core, call, account, events, dir }
}
