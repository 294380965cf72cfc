import { describe, expect, it } from 'vitest'
import type { AppEvent } from './events.ts'
import { createSocketClient, type SocketLike } from './socket-client.ts'

/** A socket that is open at once and lets the test play the host's side. */
function fakeSocket(): SocketLike {
  return {
    readyState: 1,
    send: () => undefined,
    close: () => undefined,
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  }
}

describe('the socket client’s events', () => {
  it('passes the host’s events on as they came, and drops a frame that holds no event', () => {
    const socket = fakeSocket()
    const client = createSocketClient({ url: 'ws://127.0.0.1/ipc', connect: () => socket })
    const seen: AppEvent[] = []
    client.onEvent((event) => seen.push(event))
    const frames = [
      { event: { type: 'files.changed', accountId: 'a', fldId: 4 } },
      { event: 42 },
      { event: { fldId: 4 } },
      { event: null },
      { event: { type: 'accounts.changed' } },
    ]
    for (const frame of frames) socket.onmessage?.({ data: JSON.stringify(frame) })
    expect(seen).toEqual([{ type: 'files.changed', accountId: 'a', fldId: 4 }, { type: 'accounts.changed' }])
    client.close()
  })
})
