import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SandboxHandle } from '../../../sandbox/server.ts'
import type { AccountView } from '../../../shared/accounts.ts'
import type { AppEvent } from '../../../shared/ipc/events.ts'
import { createDispatcher, type Dispatcher } from '../../ipc/dispatcher.ts'
import { type Core, type CoreOptions, createCore } from '../create-core.ts'
import { MemorySecretStore } from './memory-secret-store.ts'

/**
 * A real core on a temp data folder with one account on a real sandbox host, for the upload wiring tests:
 * typed calls through the dispatcher, every event kept, and `next` to wait for an event. `cleanup` collects
 * what the test's afterEach undoes.
 */
export interface Rig {
  core: Core
  d: Dispatcher
  events: AppEvent[]
  account: AccountView
  dataDir: string
  call<T>(channel: string, input?: unknown): Promise<T>
  next<T extends AppEvent['type']>(
    type: T,
    match?: (e: Extract<AppEvent, { type: T }>) => boolean,
  ): Promise<Extract<AppEvent, { type: T }>>
}

export async function uploadRig(
  sandbox: SandboxHandle,
  cleanup: Array<() => Promise<void>>,
  options: Partial<CoreOptions> & { dataDir?: string } = {},
): Promise<Rig> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'filedock-uq-')))
  const secretStore = new MemorySecretStore()
  const core = await createCore({
    host: 'web',
    version: '0',
    secretStore,
    log: () => undefined,
    ...options,
    dataDir,
  })
  cleanup.push(async () => {
    await core.dispose()
    await rm(dataDir, { recursive: true, force: true })
  })
  const events: AppEvent[] = []
  const waiters: Array<() => void> = []
  core.events.subscribe((e) => {
    events.push(e)
    for (const w of waiters.splice(0)) w()
  })
  const d = createDispatcher(core.handlers, { log: () => undefined })
  const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const r = await d.dispatch(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.kind}: ${r.error.message}`)
    return r.value as T
  }
  const next = <T extends AppEvent['type']>(
    type: T,
    match: (e: Extract<AppEvent, { type: T }>) => boolean = () => true,
  ) =>
    new Promise<Extract<AppEvent, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} event`)), 15_000)
      const look = () => {
        const found = events.find(
          (e): e is Extract<AppEvent, { type: T }> => e.type === type && match(e as never),
        )
        if (found) {
          clearTimeout(timer)
          resolve(found)
        } else waiters.push(look)
      }
      look()
    })
  const account = await call<AccountView>('accounts.add', {
    label: 'Main',
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.apiKey,
  })
  return { core, d, events, account, dataDir, call, next }
}
