import { describe, expect, it, vi } from 'vitest'
import { createDispatcher } from '../../core/ipc/dispatcher.ts'
import { createEventBus } from '../../core/ipc/event-bus.ts'
import { type EchoCall, echoHandlers, sampleInputs } from '../../core/ipc/testing/contract-samples.ts'
import { channelNames, EVENT_CHANNEL } from '../../shared/ipc/channels.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import { forwardEvents, type IpcMainLike, registerIpc } from './ipc-bridge.ts'
import { isTrustedSenderFrame } from './trusted-url.ts'

// The module imports the real ipcMain for installIpc; these tests hand registerIpc a fake instead.
vi.mock('electron', () => ({ ipcMain: {} }))

type Handler = (event: { senderFrame: unknown }, input: unknown) => Promise<unknown>

class FakeIpcMain {
  readonly handlers = new Map<string, Handler>()
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`)
    this.handlers.set(channel, handler)
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel)
  }
}

const app = { indexUrl: 'filedock://app/index.html' }
const ourFrame = { url: `${app.indexUrl}#/`, parent: null }

function setup() {
  const ipc = new FakeIpcMain()
  const calls: EchoCall[] = []
  const dispose = registerIpc(ipc as unknown as IpcMainLike, createDispatcher(echoHandlers(calls)), (event) =>
    isTrustedSenderFrame(event.senderFrame, app),
  )
  return { ipc, calls, dispose }
}

describe('registerIpc', () => {
  it('registers exactly the contract channels, and removes them again', () => {
    const { ipc, dispose } = setup()
    expect([...ipc.handlers.keys()]).toEqual([...channelNames])
    dispose()
    expect(ipc.handlers.size).toBe(0)
  })

  it('dispatches calls from our window', async () => {
    const { ipc, calls } = setup()
    for (const channel of channelNames) {
      const answer = await ipc.handlers.get(channel)?.({ senderFrame: ourFrame }, sampleInputs[channel])
      expect(answer).toEqual({ ok: true, value: { channel, input: sampleInputs[channel] } })
    }
    expect(calls).toHaveLength(channelNames.length)
  })

  it('refuses calls from a foreign page, an iframe or a vanished frame without running the handler', async () => {
    const { ipc, calls } = setup()
    const foreign = [
      { url: 'https://evil.example/', parent: null },
      { url: ourFrame.url, parent: { url: 'https://evil.example/' } },
      { url: 'file:///tmp/index.html', parent: null },
      null,
    ]
    for (const senderFrame of foreign) {
      const answer = await ipc.handlers.get('accounts.list')?.({ senderFrame }, {})
      expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    }
    expect(calls).toEqual([])
  })

  it('passes malformed input to the dispatcher, which refuses it', async () => {
    const { ipc, calls } = setup()
    const answer = await ipc.handlers.get('files.rename')?.(
      { senderFrame: ourFrame },
      { fileCode: '../x', name: 1 },
    )
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    expect(calls).toEqual([])
  })
})

describe('forwardEvents', () => {
  it('sends every event on the one event channel while the window is alive', () => {
    const bus = createEventBus<AppEvent>()
    const sent: unknown[][] = []
    let destroyed = false
    const contents = { send: (...args: unknown[]) => sent.push(args), isDestroyed: () => destroyed }
    const stop = forwardEvents(bus, () => contents)
    bus.emit({ type: 'accounts.changed' })
    destroyed = true
    bus.emit({ type: 'accounts.changed' })
    destroyed = false
    stop()
    bus.emit({ type: 'accounts.changed' })
    expect(sent).toEqual([[EVENT_CHANNEL, { type: 'accounts.changed' }]])
  })
})
