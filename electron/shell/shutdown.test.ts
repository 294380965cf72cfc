import { afterEach, describe, expect, it, vi } from 'vitest'
import { shutDownInOrder } from './shutdown.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('shutDownInOrder', () => {
  it('runs every step in order, each awaited, past one that throws or rejects', async () => {
    const ran: string[] = []
    const logs: string[] = []
    const done = await shutDownInOrder(
      [
        { what: 'tray', run: () => ran.push('tray') },
        {
          what: 'IPC',
          run: () => {
            throw new Error('already removed')
          },
        },
        { what: 'notifications', run: async () => Promise.reject(new Error('gone')) },
        {
          what: 'the core',
          run: async () => {
            await new Promise((resolve) => setTimeout(resolve, 5))
            ran.push('core')
          },
        },
        { what: 'proxy connections', run: () => ran.push('proxy') },
      ],
      { limitMs: 10_000, log: (l) => logs.push(l) },
    )
    expect(done).toBe(true)
    expect(ran).toEqual(['tray', 'core', 'proxy'])
    expect(logs).toEqual([
      'Filedock: shutdown: IPC failed: already removed',
      'Filedock: shutdown: notifications failed: gone',
    ])
  })

  it('stops waiting after the limit, names what still ran, and starts no later step', async () => {
    vi.useFakeTimers()
    const ran: string[] = []
    const logs: string[] = []
    const finished = shutDownInOrder(
      [
        { what: 'the core', run: () => new Promise(() => undefined) },
        { what: 'proxy connections', run: () => ran.push('proxy') },
      ],
      { limitMs: 10_000, log: (l) => logs.push(l) },
    )
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await finished).toBe(false)
    expect(logs).toEqual(['Filedock: shutdown: stopped waiting after 10000 ms (still running: the core)'])
    expect(ran).toEqual([])
  })
})
