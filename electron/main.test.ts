import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Core } from '../core/app/create-core.ts'
import { englishIntl } from '../core/i18n/main-intl.ts'
import { createEventBus } from '../core/ipc/event-bus.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import type { QueueTotals } from '../shared/queue.ts'
import { emptyTotals } from '../shared/queue-totals.ts'
import { createFakeElectron, type FakeElectron } from './testing/fake-electron.ts'

/**
 * electron/main.ts itself, wired to a fake Electron (testing/fake-electron.ts) and a fake core: the order of what
 * it does before and after `ready`, what closing, the Dock icon, a second launch and quitting do. Each test loads
 * main afresh.
 */
const state = vi.hoisted(() => ({
  fake: null as FakeElectron | null,
  core: null as unknown,
  trayHost: true,
}))

// Each name reads the current test's fake (main is loaded afresh per test; the mock is made once).
vi.mock('electron', () =>
  Object.fromEntries(
    Object.keys(createFakeElectron().module).map((name) => [
      name,
      new Proxy(function electronExport() {}, {
        get: (_t, key) => Reflect.get(state.fake?.module[name as never] ?? {}, key),
        set: (_t, key, value) => Reflect.set(state.fake?.module[name as never] ?? {}, key, value),
        construct: (_t, args) => Reflect.construct(state.fake?.module[name as never] as never, args),
        apply: (_t, self, args) => Reflect.apply(state.fake?.module[name as never] as never, self, args),
      }),
    ]),
  ),
)
vi.mock('../core/app/create-core.ts', () => ({ createCore: async () => state.core }))
vi.mock('./shell/tray-host.ts', () => ({ hasTrayHost: async () => state.trayHost }))
vi.mock('./shell/proxy.ts', async (original) => {
  const real = await original<typeof import('./shell/proxy.ts')>()
  return {
    ...real,
    createProxyResolver: (...args: Parameters<typeof real.createProxyResolver>) => {
      const resolver = real.createProxyResolver(...args)
      return Object.assign(resolver, {
        close: async () => {
          state.fake?.calls.push('proxy connections closed')
        },
      })
    },
  }
})

const running: QueueTotals = {
  ...emptyTotals(),
  items: 3,
  running: 1,
  queued: 2,
  totalBytes: 10,
  doneBytes: 1,
}

function fakeCore(o: { totals?: QueueTotals; keepInTray?: boolean; dispose?: () => Promise<void> } = {}) {
  const calls = () => state.fake?.calls ?? []
  return {
    handlers: {},
    events: createEventBus<AppEvent>(),
    accounts: {
      activeId: null,
      keychainStatus: () => ({ choice: 'keychain', available: true, safeStorageAvailable: false }),
    },
    queue: {
      engine: () => ({
        snapshot: () => ({ totals: o.totals ?? emptyTotals(), paused: null }),
        enqueuePaths: async (input: { paths: string[] }) => {
          calls().push(`enqueued ${input.paths.join(' ')}`)
          return { batchId: 'b', accepted: input.paths.length, problems: [] }
        },
      }),
    },
    arrivals: {
      add: async (paths: string[]) => {
        calls().push(`arrived ${paths.join(' ')}`)
        return null
      },
    },
    settings: { get: () => ({ keepRunningInTray: o.keepInTray ?? false }) },
    intl: { current: () => englishIntl, settled: async () => undefined },
    openFolder: () => null,
    dispose:
      o.dispose ??
      (async () => {
        calls().push('core disposed')
      }),
  } as unknown as Core
}

let dataDir: string
const argv = process.argv
const platform = Object.getOwnPropertyDescriptor(process, 'platform') as PropertyDescriptor

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'filedock-main-'))
  vi.stubEnv('FILEDOCK_DATA_DIR', dataDir)
  process.argv = [process.execPath, join(import.meta.dirname, '..')]
  vi.resetModules()
})

afterEach(async () => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  process.argv = argv
  Object.defineProperty(process, 'platform', platform)
  await rm(dataDir, { recursive: true, force: true })
})

/** Loads main on `platform` with the given core, then lets Electron become ready and the window open. */
async function start(core: Core, o: { platform?: NodeJS.Platform; ready?: boolean } = {}) {
  const fake = createFakeElectron()
  state.fake = fake
  state.core = core
  Object.defineProperty(process, 'platform', { ...platform, value: o.platform ?? 'linux' })
  await import('./main.ts')
  if (o.ready !== false) {
    fake.ready()
    await vi.waitFor(() => expect(fake.windows.filter((w) => w.state !== 'closed')).toHaveLength(1))
  }
  return fake
}

describe('main before ready', () => {
  it('fixes the data folder, the Windows AppUserModelID and the window handlers before Electron is ready', async () => {
    const fake = await start(fakeCore(), { platform: 'win32', ready: false })
    expect(fake.calls).toEqual(
      expect.arrayContaining([
        'setName Filedock',
        `setPath userData ${dataDir}`,
        `setAppUserModelId ${process.execPath}`,
        'enableSandbox',
        'app.on activate',
        'app.on window-all-closed',
        'registerSchemesAsPrivileged filedock',
      ]),
    )
    expect(fake.calls).not.toContain('ready')
    fake.ready()
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1))
    expect(fake.calls.filter((c) => c === 'app.on activate')).toHaveLength(1)
    // The window loads the served renderer, once the protocol serves it.
    expect(fake.calls.indexOf('protocol.handle filedock')).toBeLessThan(fake.calls.indexOf('window created'))
    expect(fake.windows[0]?.loaded).toBe('filedock://app/index.html')
  })
})

describe('paths from outside the window', () => {
  it('shows a launch’s paths in the window to be answered there, and queues nothing', async () => {
    const file = join(dataDir, 'holiday.jpg')
    await writeFile(file, 'jpeg')
    process.argv = [process.execPath, join(import.meta.dirname, '..'), file]
    const fake = await start(fakeCore({}))
    await vi.waitFor(() => expect(fake.calls).toContain(`arrived ${file}`))
    fake.app.emit('second-instance', [process.execPath, join(import.meta.dirname, '..'), file], dataDir)
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.startsWith('arrived'))).toHaveLength(2))
    expect(fake.calls.filter((c) => c.startsWith('enqueued'))).toEqual([])
  })
})

describe('closing, the Dock icon, a second launch and quitting', () => {
  it('asks in the window’s close while uploads run: "Keep uploading" keeps it; "Quit" quits once, core before proxy', async () => {
    const fake = await start(fakeCore({ totals: running }))
    const [win] = fake.windows
    fake.answer(1)
    expect(win?.close()).toBe(false)
    expect(win?.state).toBe('shown')
    expect(fake.app.exitCode).toBeNull()

    fake.answer(0)
    expect(win?.close()).toBe(true)
    await vi.waitFor(() => expect(fake.app.exitCode).toBe(0))
    // Asked twice in all (once per close): the quit that followed the "Quit" did not ask again.
    expect(fake.calls.filter((c) => c === 'quit')).toHaveLength(1)
    const order = fake.calls.filter((c) => /disposed|proxy|exit/.test(c))
    expect(order).toEqual(['core disposed', 'proxy connections closed', 'exit 0'])
  })

  it('the Dock icon shows a window hidden to the tray', async () => {
    const fake = await start(fakeCore({ totals: running, keepInTray: true }), { platform: 'darwin' })
    const [win] = fake.windows
    expect(win?.close()).toBe(false)
    expect(win?.state).toBe('hidden')
    fake.app.emit('activate')
    await vi.waitFor(() => expect(win?.state).toBe('shown'))
    expect(fake.windows).toHaveLength(1)
  })

  it('minimises instead of hiding where no tray host shows the icon', async () => {
    state.trayHost = false
    try {
      const fake = await start(fakeCore({ totals: running, keepInTray: true }))
      expect(fake.windows[0]?.close()).toBe(false)
      expect(fake.windows[0]?.state).toBe('minimised')
    } finally {
      state.trayHost = true
    }
  })

  it('a second launch opens a window when there is none', async () => {
    const fake = await start(fakeCore(), { platform: 'darwin' })
    expect(fake.windows[0]?.close()).toBe(true)
    fake.app.emit('second-instance', ['/Applications/Filedock.app/Contents/MacOS/Filedock'], '/')
    await vi.waitFor(() => expect(fake.windows).toHaveLength(2))
    expect(fake.windows[1]?.state).not.toBe('closed')
  })

  it('exits after a bounded wait when the core does not finish closing', async () => {
    const fake = await start(fakeCore({ dispose: () => new Promise(() => undefined) }))
    vi.useFakeTimers()
    fake.app.quit()
    await vi.advanceTimersByTimeAsync(9_000)
    expect(fake.app.exitCode).toBeNull()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fake.app.exitCode).toBe(0)
    expect(fake.calls).not.toContain('proxy connections closed')
  })
})
