import { expect, it } from 'vitest'
import WebSocket from 'ws'
import { runContractScenario } from '../core/app/testing/contract-scenario.ts'
import { splitChannel } from '../shared/ipc/build-api.ts'
import { channelNames } from '../shared/ipc/channels.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import { createSocketClient, type SocketLike } from '../shared/ipc/socket-client.ts'
import type { Result } from '../shared/result.ts'
import { webHostRig } from './testing/web-host-rig.ts'

const rig = webHostRig({ seedFiles: 8 })

it('serves every channel of the contract over the WebSocket against a real core and host', async () => {
  const client = createSocketClient({
    url: `ws://127.0.0.1:${rig.host.port}/ipc?token=${rig.host.token}`,
    connect: (url) =>
      new WebSocket(url, { origin: `http://127.0.0.1:${rig.host.port}` }) as unknown as SocketLike,
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
    }, rig.sandbox)
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
