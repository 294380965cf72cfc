import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import type { AccountView } from '../../shared/accounts.ts'
import type { ChannelName } from '../../shared/ipc/channels.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { WatchStatus } from '../../shared/watch.ts'
import { createDispatcher } from '../ipc/dispatcher.ts'
import { type Core, createCore } from './create-core.ts'
import { MemorySecretStore } from './testing/memory-secret-store.ts'
import { runWatchScenario } from './testing/watch-scenario.ts'

let dir: string
let sandbox: SandboxHandle

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-background-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'host') })
})

afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

function open(dataDir: string, secretStore: MemorySecretStore): Promise<Core> {
  return createCore({ dataDir, host: 'web', version: '0.1.0-test', secretStore, log: () => undefined })
}

function caller(core: Core) {
  const dispatcher = createDispatcher(core.handlers)
  const call = async <T>(channel: ChannelName, input: unknown = {}): Promise<T> => {
    const result = await dispatcher.dispatch(channel, input)
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`)
    return result.value as T
  }
  const refused = async (channel: ChannelName, input: unknown) => {
    const result = await dispatcher.dispatch(channel, input)
    expect(result.ok, channel).toBe(false)
    return result.ok ? undefined : result.error
  }
  return { call, refused }
}

describe('watch folders and link health in the app', () => {
  it('serve their channels on a real core and host', async () => {
    const core = await open(join(dir, 'app-a'), new MemorySecretStore())
    const events: AppEvent[] = []
    core.events.subscribe((e) => events.push(e))
    try {
      const { call, refused } = caller(core)
      const account = await call<AccountView>('accounts.add', {
        label: 'Main',
        baseUrl: sandbox.baseUrl,
        apiKey: sandbox.apiKey,
      })
      await runWatchScenario(call, refused, account.id)
      await call('app.setOpenFolder', { location: { accountId: account.id, fldId: 12 } })
      expect(core.openFolder()).toEqual({ accountId: account.id, fldId: 12 })
      const types = new Set(events.map((e) => e.type))
      expect(types).toContain('watch.changed')
      expect(types).toContain('history.healthChanged')
    } finally {
      await core.dispose()
    }
  }, 60_000)

  it('keep a rule across a restart, send what arrived while closed once, and drop rules of a removed account', async () => {
    const dataDir = join(dir, 'app-b')
    const watched = join(dir, 'watched-b')
    const secrets = new MemorySecretStore()
    await mkdir(watched)
    let core = await open(dataDir, secrets)
    const first = caller(core)
    const account = await first.call<AccountView>('accounts.add', {
      label: 'Main',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
    })
    await first.call('watch.add', { dir: watched, accountId: account.id, minAgeMs: 100 })
    await writeFile(join(watched, 'before.txt'), 'before the restart')
    await until(async () => (await first.call<WatchStatus[]>('watch.list'))[0]?.sent === 1)
    await core.dispose()

    await writeFile(join(watched, 'while-closed.txt'), 'arrived while Filedock was closed')
    core = await open(dataDir, secrets)
    const second = caller(core)
    try {
      await until(async () => (await second.call<WatchStatus[]>('watch.list'))[0]?.sent === 2)
      const names = async () =>
        (await second.call<{ name: string }[]>('history.search', { limit: 100, offset: 0 }))
          .map((e) => e.name)
          .sort()
      await expect.poll(names, { timeout: 20_000 }).toEqual(['before.txt', 'while-closed.txt'])

      await second.call('accounts.remove', { id: account.id })
      await until(async () => (await second.call<WatchStatus[]>('watch.list')).length === 0)
    } finally {
      await core.dispose()
    }
  }, 60_000)
})

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}
