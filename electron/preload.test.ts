import { beforeAll, describe, expect, it, vi } from 'vitest'
import { englishIntl, intlFor } from '../core/i18n/intl-for.ts'
import type { FiledockErrorData } from '../shared/errors.ts'
import { errorText } from '../shared/i18n/error-text.ts'
import { splitChannel } from '../shared/ipc/build-api.ts'
import { channelNames, EVENT_CHANNEL } from '../shared/ipc/channels.ts'
import { NO_ANSWER } from '../shared/ipc/no-answer.ts'

// A small fake of the two Electron objects the preload uses; the real module is loaded against them.
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    exposed: new Map<string, unknown>(),
    invoked: [] as Array<[string, unknown]>,
    listeners,
    invokeImpl: async (channel: string, input: unknown): Promise<unknown> => ({
      ok: true,
      value: { channel, input },
    }),
    /** What webUtils.getPathForFile answers per file name; a name not listed throws, like a foreign object. */
    paths: new Map<string, string>(),
  }
})

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, value: unknown) => fake.exposed.set(key, value),
  },
  ipcRenderer: {
    invoke: (channel: string, input: unknown) => {
      fake.invoked.push([channel, input])
      return fake.invokeImpl(channel, input)
    },
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      if (!fake.listeners.has(channel)) fake.listeners.set(channel, new Set())
      fake.listeners.get(channel)?.add(listener)
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
      fake.listeners.get(channel)?.delete(listener)
    },
  },
  webUtils: {
    getPathForFile: (file: { name: string }) => {
      const path = fake.paths.get(file.name)
      if (path === undefined) throw new TypeError('Expected a File')
      return path
    },
  },
}))

type Exposed = Record<string, unknown>
let bridge: Exposed

beforeAll(async () => {
  await import('./preload.ts')
  bridge = fake.exposed.get('filedock') as Exposed
})

describe('the preload', () => {
  it('exposes one object, window.filedock, and nothing else', () => {
    expect([...fake.exposed.keys()]).toEqual(['filedock'])
  })

  it('exposes exactly the contract functions plus onEvent and pathsForFiles', () => {
    const names: string[] = []
    for (const [key, value] of Object.entries(bridge)) {
      if (typeof value === 'function') {
        names.push(key)
        continue
      }
      for (const [method, fn] of Object.entries(value as Record<string, unknown>)) {
        expect(typeof fn).toBe('function')
        names.push(`${key}.${method}`)
      }
    }
    expect(names.sort()).toEqual([...channelNames, 'onEvent', 'pathsForFiles'].sort())
    expect(bridge).not.toHaveProperty('invoke')
    expect(bridge).not.toHaveProperty('send')
  })

  it('invokes each function on its own channel', async () => {
    fake.invoked.length = 0
    for (const channel of channelNames) {
      const [group, method] = splitChannel(channel)
      const fn = (bridge[group] as Record<string, (input?: unknown) => Promise<unknown>>)[method]
      expect(await fn?.({ probe: channel })).toEqual({
        ok: true,
        value: { channel, input: { probe: channel } },
      })
    }
    expect(fake.invoked.map(([c]) => c)).toEqual([...channelNames])
    const accounts = bridge.accounts as Record<string, (input?: unknown) => Promise<unknown>>
    await accounts.list?.()
    expect(fake.invoked.at(-1)).toEqual(['accounts.list', {}])
  })

  it('turns a rejected invoke into a typed failure', async () => {
    fake.invokeImpl = async () => {
      throw new Error("No handler registered for 'app.info'")
    }
    const app = bridge.app as Record<string, () => Promise<unknown>>
    expect(await app.info?.()).toMatchObject({ ok: false, error: { kind: 'internal' } })
  })

  it('says main did not answer as an error the window words in its language (the preload has no formatter)', async () => {
    fake.invokeImpl = async () => {
      throw new Error("No handler registered for 'files.rename'")
    }
    const files = bridge.files as Record<string, (input: unknown) => Promise<{ error: FiledockErrorData }>>
    const answer = await files.rename?.({ fileCode: 'abc', name: 'b.txt' })
    const error = answer?.error as FiledockErrorData
    expect(error).toEqual({
      kind: 'internal',
      message: "Filedock's main process did not answer files.rename.",
      messageId: 'errors.ipc.noAnswer',
      values: { channel: 'files.rename' },
    })
    // The English written by hand in the preload is the message's own.
    expect(error.message).toBe(englishIntl.formatMessage(NO_ANSWER, { channel: 'files.rename' }))
    expect(errorText(await intlFor('es'), error)).toBe(
      'El proceso principal de Filedock no respondió a files.rename.',
    )
    expect(errorText(await intlFor('ar'), error)).toBe(
      'لم تُجب العملية الرئيسية في Filedock على files.rename.',
    )
  })

  it('hands listeners the event only, never the IpcRendererEvent, and unsubscribes', () => {
    const onEvent = bridge.onEvent as (listener: (...args: unknown[]) => void) => () => void
    const received: unknown[][] = []
    const off = onEvent((...args) => received.push(args))
    const rawEvent = { sender: { send: () => undefined }, ports: [] }
    for (const listener of fake.listeners.get(EVENT_CHANNEL) ?? [])
      listener(rawEvent, { type: 'accounts.changed' })
    expect(received).toEqual([[{ type: 'accounts.changed' }]])
    off()
    expect(fake.listeners.get(EVENT_CHANNEL)?.size).toBe(0)
  })

  it('gives the path of each dropped file in order, and "" for one without a path', () => {
    fake.paths.set('a.txt', '/home/me/a.txt')
    fake.paths.set('photos', '/home/me/photos')
    fake.paths.set('made-in-page.txt', '')
    const pathsForFiles = bridge.pathsForFiles as (files: unknown[]) => string[]
    const files = ['a.txt', 'photos', 'made-in-page.txt', 'not-a-file'].map((name) => new File(['x'], name))
    expect(pathsForFiles(files)).toEqual(['/home/me/a.txt', '/home/me/photos', '', ''])
    expect(pathsForFiles([])).toEqual([])
  })

  it('leaves pathsForFiles out where Electron has no webUtils', async () => {
    const { createBridge } = await import('./preload.ts')
    const ipc = { invoke: async () => null, on: () => undefined, removeListener: () => undefined }
    expect(createBridge(ipc as never, undefined)).not.toHaveProperty('pathsForFiles')
  })
})
