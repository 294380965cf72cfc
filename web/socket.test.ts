import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { createEventBus } from '../core/ipc/event-bus.ts'
import { type EchoCall, echoHandlers, sampleInputs } from '../core/ipc/testing/contract-samples.ts'
import { malformedMutations, nonObjects, pollutingObjects } from '../core/ipc/testing/malformed-inputs.ts'
import { errorKinds } from '../shared/errors.ts'
import { channelNames } from '../shared/ipc/channels.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import { createSocketClient, type SocketLike } from '../shared/ipc/socket-client.ts'
import { MAX_FRAME_BYTES } from '../shared/ipc/socket-protocol.ts'
import type { Handlers } from '../shared/ipc/types.ts'
import { startWebHost, type WebHost } from './server.ts'

let dir: string
let host: WebHost
const calls: EchoCall[] = []
const events = createEventBus<AppEvent>()
let release: () => void = () => undefined
const handlers: Handlers = {
  ...echoHandlers(calls),
  // Never answers until released: lets a test drop the connection while a call is pending.
  'files.deleted': () =>
    new Promise((resolve) => {
      release = () => resolve([])
    }),
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-ws-'))
  host = await startWebHost({ core: { handlers, events }, rendererDir: dir, log: () => undefined })
})

afterAll(async () => {
  await host.close()
  await rm(dir, { recursive: true, force: true })
})

const origin = () => `http://127.0.0.1:${host.port}`
const socketUrl = () => `ws://127.0.0.1:${host.port}/ipc?token=${host.token}`
const wsFactory = (url: string) => new WebSocket(url, { origin: origin() }) as unknown as SocketLike

/** A raw socket that collects every frame it receives. */
async function rawSocket(): Promise<{ ws: WebSocket; frames: unknown[]; next(): Promise<unknown> }> {
  const ws = new WebSocket(socketUrl(), { origin: origin() })
  const frames: unknown[] = []
  const waiters: Array<(f: unknown) => void> = []
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data))
    const waiter = waiters.shift()
    if (waiter) waiter(frame)
    else frames.push(frame)
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return {
    ws,
    frames,
    next: () => (frames.length > 0 ? Promise.resolve(frames.shift()) : new Promise((r) => waiters.push(r))),
  }
}

describe('the contract over the WebSocket', () => {
  it('round-trips every channel through the typed client', async () => {
    const client = createSocketClient({ url: socketUrl(), connect: wsFactory })
    try {
      for (const channel of channelNames) {
        if (channel === 'files.deleted') continue
        const [group, method] = channel.split('.') as [string, string]
        const fn = (client as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>)[
          group
        ]?.[method]
        const result = await fn?.(sampleInputs[channel])
        expect(result, channel).toEqual({ ok: true, value: { channel, input: sampleInputs[channel] } })
      }
      expect(await client.accounts.list()).toEqual({
        ok: true,
        value: { channel: 'accounts.list', input: {} },
      })
    } finally {
      client.close()
    }
  })

  it('pushes AppEvents to every connected client, in order', async () => {
    const client = createSocketClient({ url: socketUrl(), connect: wsFactory })
    const got: AppEvent[] = []
    const off = client.onEvent((e) => got.push(e))
    await client.app.info() // the socket is open once a call was answered
    events.emit({ type: 'accounts.changed' })
    events.emit({ type: 'files.changed', accountId: 'a', fldId: 4 })
    await client.app.info()
    expect(got).toEqual([{ type: 'accounts.changed' }, { type: 'files.changed', accountId: 'a', fldId: 4 }])
    off()
    events.emit({ type: 'accounts.changed' })
    await client.app.info()
    expect(got).toHaveLength(2)
    client.close()
  })

  it('encodes an event once for all the windows it goes to', async () => {
    const clients = [0, 1, 2].map(() => createSocketClient({ url: socketUrl(), connect: wsFactory }))
    const got: AppEvent[][] = clients.map(() => [])
    const offs = clients.map((c, i) => c.onEvent((e) => got[i]?.push(e)))
    for (const c of clients) await c.app.info()
    const event: AppEvent = { type: 'files.changed', accountId: 'a', fldId: 7 }
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      events.emit(event)
      expect(stringify.mock.calls.filter(([v]) => (v as { event?: unknown })?.event === event)).toHaveLength(
        1,
      )
    } finally {
      stringify.mockRestore()
    }
    for (const c of clients) await c.app.info()
    expect(got).toEqual([[event], [event], [event]])
    for (const off of offs) off()
    for (const c of clients) c.close()
  })

  it('answers malformed payloads on every channel with invalid_input and stays up', async () => {
    const { ws, next } = await rawSocket()
    const before = calls.length
    let id = 1000
    for (const channel of channelNames) {
      const sample = sampleInputs[channel] as Record<string, unknown>
      const bad = [
        ...nonObjects,
        ...pollutingObjects(sample),
        ...malformedMutations(channel, sample, { overJson: true })
          .filter((m) => !m.field.startsWith('-'))
          .map((m) => m.input),
      ]
      for (const input of bad) {
        id += 1
        ws.send(JSON.stringify({ id, channel, input }))
        const frame = (await next()) as { id: number; result: { ok: boolean; error?: { kind: string } } }
        expect(frame.id).toBe(id)
        expect(frame.result.ok, `${channel} ${JSON.stringify(input)?.slice(0, 60)}`).toBe(false)
        expect(frame.result.error?.kind).toBe('invalid_input')
      }
    }
    expect(calls.length).toBe(before)
    ws.send(JSON.stringify({ id: 1, channel: 'app.info', input: {} }))
    expect(await next()).toEqual({ id: 1, result: { ok: true, value: { channel: 'app.info', input: {} } } })
    ws.close()
  })

  it('answers malformed frames with an error frame and keeps the connection', async () => {
    const { ws, next } = await rawSocket()
    const badFrames: Array<string | Buffer> = [
      'not json',
      '{"id":',
      'null',
      '42',
      '[]',
      JSON.stringify({ channel: 'app.info', input: {} }),
      JSON.stringify({ id: -1, channel: 'app.info', input: {} }),
      JSON.stringify({ id: 1.5, channel: 'app.info', input: {} }),
      JSON.stringify({ id: 'x', channel: 'app.info', input: {} }),
      '{"__proto__": {"polluted": true}, "id": 3}',
      Buffer.from([1, 2, 3]),
    ]
    for (const frame of badFrames) {
      ws.send(frame)
      const answer = (await next()) as {
        error?: { kind: string }
        result?: { ok: boolean; error: { kind: string } }
      }
      const error = answer.error ?? answer.result?.error
      expect(errorKinds, String(frame)).toContain(error?.kind)
      expect(answer.result?.ok ?? false).toBe(false)
    }
    ws.send(JSON.stringify({ id: 5, channel: 'no.such', input: {} }))
    expect(await next()).toMatchObject({ id: 5, result: { ok: false, error: { kind: 'invalid_input' } } })
    ws.send(JSON.stringify({ id: 6, channel: 'app.info', input: {} }))
    expect(await next()).toMatchObject({ id: 6, result: { ok: true } })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    ws.close()
  })

  it('closes a socket that sends a frame over the size limit, and the host keeps serving', async () => {
    const { ws } = await rawSocket()
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
    ws.send(
      JSON.stringify({ id: 1, channel: 'files.check', input: { urls: ['x'.repeat(MAX_FRAME_BYTES + 10)] } }),
    )
    expect(await closed).toBe(1009)
    const again = await rawSocket()
    again.ws.send(JSON.stringify({ id: 2, channel: 'app.info', input: {} }))
    expect(await again.next()).toMatchObject({ id: 2, result: { ok: true } })
    again.ws.close()
  })
})

describe('the socket client', () => {
  it('fails a pending call with kind network when the connection drops, then reconnects', async () => {
    const statuses: string[] = []
    const client = createSocketClient({
      url: socketUrl(),
      connect: wsFactory,
      initialDelayMs: 20,
      maxDelayMs: 50,
      onStatus: (s) => statuses.push(s),
    })
    await client.app.info()
    const pending = client.files.deleted()
    const token = host.token
    const { port } = host
    await host.close()
    const result = await pending
    expect(result).toMatchObject({ ok: false, error: { kind: 'network' } })
    release()
    host = await startWebHost({
      core: { handlers, events },
      rendererDir: dir,
      port,
      token,
      log: () => undefined,
    })
    // Made while the host is away: waits for the reconnection, then succeeds.
    expect(await client.app.info()).toMatchObject({ ok: true })
    expect(statuses).toContain('closed')
    expect(statuses.at(-1)).toBe('open')
    client.close()
    expect(await client.app.info()).toMatchObject({ ok: false, error: { kind: 'network' } })
  })

  it('fails a call made while the host stays away after the queue timeout', async () => {
    const client = createSocketClient({
      url: 'ws://127.0.0.1:1/ipc',
      connect: wsFactory,
      initialDelayMs: 10,
      maxDelayMs: 20,
      queueTimeoutMs: 100,
    })
    expect(await client.account.info()).toMatchObject({ ok: false, error: { kind: 'network' } })
    client.close()
  })

  it('refuses input that cannot be encoded without sending it', async () => {
    const client = createSocketClient({ url: socketUrl(), connect: wsFactory })
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(await client.files.info(cyclic as never)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    })
    client.close()
  })
})
