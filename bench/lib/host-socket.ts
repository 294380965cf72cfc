import WebSocket from 'ws'

export interface HostSocket {
  /** One contract call; rejects with the host's answer when it fails. */
  call<T>(channel: string, input: unknown): Promise<T>
  /** Every event the host pushes, as the page gets them. */
  onEvent(listener: (event: { type: string } & Record<string, unknown>) => void): void
  close(): void
}

/** The browser host's contract over its authenticated WebSocket, as the page speaks it. */
export async function openHostSocket(hostUrl: string): Promise<HostSocket> {
  const page = new URL(hostUrl)
  const socket = new WebSocket(`ws://${page.host}/ipc?token=${page.searchParams.get('token')}`, {
    origin: page.origin,
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let next = 1
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const listeners: Array<(event: { type: string } & Record<string, unknown>) => void> = []
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as {
      id?: number
      result?: { ok: boolean; value?: unknown }
      event?: { type: string } & Record<string, unknown>
    }
    if (frame.event !== undefined) for (const l of listeners) l(frame.event)
    if (frame.id === undefined) return
    const waiter = waiting.get(frame.id)
    waiting.delete(frame.id)
    if (frame.result?.ok) waiter?.resolve(frame.result.value)
    else waiter?.reject(new Error(`call failed: ${String(data).slice(0, 300)}`))
  })
  return {
    call: <T>(channel: string, input: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = next++
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
        socket.send(JSON.stringify({ id, channel, input }))
      }),
    onEvent: (listener) => listeners.push(listener),
    close: () => socket.close(),
  }
}
