import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type Core, createCore } from '../core/app/create-core.ts'
import { runContractScenario } from '../core/app/testing/contract-scenario.ts'
import { MemorySecretStore } from '../core/app/testing/memory-secret-store.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { splitChannel } from '../shared/ipc/build-api.ts'
import { channelNames } from '../shared/ipc/channels.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import { createSocketClient, type SocketLike } from '../shared/ipc/socket-client.ts'
import type { Result } from '../shared/result.ts'
import { startWebHost, type WebHost } from './server.ts'

let dirs: string[] = []
let sandbox: SandboxHandle
let core: Core
let host: WebHost

beforeAll(async () => {
  dirs = await Promise.all(
    ['host', 'data', 'renderer'].map((n) => mkdtemp(join(tmpdir(), `filedock-web-${n}-`))),
  )
  const [hostDir, dataDir, rendererDir] = dirs as [string, string, string]
  sandbox = await startSandbox({ dataDir: hostDir, seedFiles: 8 })
  core = await createCore({
    dataDir,
    host: 'web',
    version: '0.1.0-test',
    secretStore: new MemorySecretStore(),
    log: () => undefined,
  })
  host = await startWebHost({ core, rendererDir, log: () => undefined })
})

afterAll(async () => {
  await host.close()
  await core.dispose()
  await sandbox.close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

it('serves every channel of the contract over the WebSocket against a real core and host', async () => {
  const client = createSocketClient({
    url: `ws://127.0.0.1:${host.port}/ipc?token=${host.token}`,
    connect: (url) =>
      new WebSocket(url, { origin: `http://127.0.0.1:${host.port}` }) as unknown as SocketLike,
  })
  const events: AppEvent[] = []
  client.onEvent((e) => events.push(e))
  const api = client as unknown as Record<
    string,
    Record<string, (input: unknown) => Promise<Result<unknown>>>
  >
  try {
    const used = await runContractScenario((channel, input) => {
      const [group, method] = splitChannel(channel)
      const fn = api[group]?.[method]
      if (fn === undefined) throw new Error(`the client has no ${channel}`)
      return fn(input)
    }, sandbox)
    expect([...used].sort()).toEqual([...channelNames].sort())
    expect(events).toContainEqual({ type: 'accounts.changed' })
    expect(events).toContainEqual(expect.objectContaining({ type: 'files.changed' }))
    // The queue's own events survive the socket client's schema check, as the engine really emits them.
    const types = new Set(events.map((e) => e.type))
    for (const type of ['queue.added', 'queue.item', 'queue.paused', 'batch.finished', 'links.ready']) {
      expect(types, type).toContain(type)
    }
  } finally {
    client.close()
  }
})
