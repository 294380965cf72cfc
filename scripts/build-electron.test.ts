import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filesJson } from '../core/index/files-json.ts'
import { IndexWriter } from '../core/index/index-writer.ts'
import { openIndexDb } from '../core/index/open-index-db.ts'
import { channelNames, EVENT_CHANNEL } from '../shared/ipc/channels.ts'

const root = join(import.meta.dirname, '..')
let out: string

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'filedock-build-'))
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build-electron.mjs'), '--outdir', out], {
    encoding: 'utf8',
  })
  expect(built.status, built.stderr).toBe(0)
})

afterAll(async () => {
  await rm(out, { recursive: true, force: true })
})

describe('the preload bundle', () => {
  it('requires nothing but electron (a sandboxed preload can load nothing else)', async () => {
    const code = await readFile(join(out, 'preload.cjs'), 'utf8')
    expect([...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])).toEqual(['electron'])
  })

  it('runs without Node globals and exposes exactly the contract plus onEvent', async () => {
    const code = await readFile(join(out, 'preload.cjs'), 'utf8')
    const exposed = new Map<string, Record<string, unknown>>()
    const listeners: Array<(...args: unknown[]) => void> = []
    const electron = {
      contextBridge: {
        exposeInMainWorld: (key: string, value: Record<string, unknown>) => exposed.set(key, value),
      },
      ipcRenderer: {
        invoke: async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } }),
        on: (_channel: string, listener: (...args: unknown[]) => void) => listeners.push(listener),
        removeListener: () => undefined,
      },
    }
    const module = { exports: {} }
    runInNewContext(code, {
      require: (id: string) => {
        if (id !== 'electron') throw new Error(`the preload required ${id}`)
        return electron
      },
      module,
      exports: module.exports,
    })
    const bridge = exposed.get('filedock') ?? {}
    const names = Object.entries(bridge).flatMap(([group, value]) =>
      typeof value === 'function' ? [group] : Object.keys(value as object).map((m) => `${group}.${m}`),
    )
    expect(names.sort()).toEqual([...channelNames, 'onEvent'].sort())
    const files = bridge.files as Record<string, (input: unknown) => Promise<unknown>>
    expect(await files.info?.({ fileCodes: ['abc123def456'] })).toEqual({
      ok: true,
      value: { channel: 'files.info', input: { fileCodes: ['abc123def456'] } },
    })
    const got: unknown[][] = []
    ;(bridge.onEvent as (l: (...a: unknown[]) => void) => void)((...args) => got.push(args))
    listeners[0]?.({ sender: {} }, { type: 'accounts.changed' })
    expect(got).toEqual([[{ type: 'accounts.changed' }]])
    expect(EVENT_CHANNEL).toBe('filedock:event')
  })

  it('says main did not answer as data the window words (an id and values), with no FormatJS parser bundled', async () => {
    const code = await readFile(join(out, 'preload.cjs'), 'utf8')
    expect(code).not.toContain('icu-messageformat-parser')
    const exposed = new Map<string, Record<string, Record<string, (input: unknown) => Promise<unknown>>>>()
    const electron = {
      contextBridge: { exposeInMainWorld: exposed.set.bind(exposed) },
      ipcRenderer: {
        invoke: async () => {
          throw new Error("No handler registered for 'app.info'")
        },
        on: () => undefined,
        removeListener: () => undefined,
      },
    }
    const module = { exports: {} }
    runInNewContext(code, { require: () => electron, module, exports: module.exports })
    expect(await exposed.get('filedock')?.app?.info?.({})).toEqual({
      ok: false,
      error: {
        kind: 'internal',
        message: "Filedock's main process did not answer app.info.",
        messageId: 'errors.ipc.noAnswer',
        values: { channel: 'app.info' },
      },
    })
  })
})

// A fake of the Electron surface main.ts touches. It drives one run: once the window loads, it calls two IPC
// handlers (from our frame and from a foreign one), prints what it saw as one JSON line, and asks to quit.
const fakeElectron = String.raw`
const listeners = {}
const handlers = new Map()
const seen = { windows: [], menu: null, permission: null, cookie: 'not asked' }
let serve = null
let whenReady
const app = {
  setName: (n) => { seen.name = n },
  setPath: (name, path) => { seen.paths = { ...seen.paths, [name]: path } },
  enableSandbox: () => { seen.sandbox = true },
  isPackaged: false,
  requestSingleInstanceLock: () => true,
  on: (event, fn) => { (listeners[event] ||= []).push(fn) },
  whenReady: () => Promise.resolve(),
  getPath: (name) => {
    // The OS Downloads folder, which downloads offer by default; the data folder must come from FILEDOCK_DATA_DIR.
    if (name === 'downloads') return '/home/fake/Downloads'
    throw new Error('FILEDOCK_DATA_DIR should have been used')
  },
  getVersion: () => '9.9.9',
  getPreferredSystemLanguages: () => ['en-US'],
  getAppPath: () => process.cwd(),
  quit: () => {
    if (seen.quitting) { process.stdout.write(seen.quitDeferred ? 'QUIT after cleanup\n' : 'QUIT at once\n'); process.exit(0) }
    seen.quitting = true
    for (const fn of listeners['will-quit'] || []) fn({ preventDefault: () => { seen.quitDeferred = true } })
  },
  exit: (code) => { process.stdout.write((seen.quitDeferred ? 'EXIT ' + code + ' after cleanup' : 'EXIT ' + code) + '\n'); process.exit(code) },
}
class BrowserWindow {
  constructor(options) { this.options = options; seen.windows.push(options); this.webContents = { send: () => {}, isDestroyed: () => false } }
  once() {} on() {} show() {} maximize() {}
  isDestroyed() { return false }
  isMaximized() { return false }
  getNormalBounds() { return { x: 0, y: 0, width: 800, height: 600 } }
  async loadURL(url) {
    seen.loaded = url
    setTimeout(async () => {
      const page = await serve(new Request(url))
      seen.page = { status: page.status, coop: page.headers.get('cross-origin-opener-policy'), csp: page.headers.get('content-security-policy') }
      const ours = await handlers.get('app.info')({ senderFrame: { url, parent: null } }, {})
      const foreign = await handlers.get('app.info')({ senderFrame: { url: 'https://evil.example/', parent: null } }, {})
      const bad = await handlers.get('files.rename')({ senderFrame: { url, parent: null } }, { fileCode: '../x' })
      process.stdout.write(JSON.stringify({ ...seen, channels: [...handlers.keys()], ours, foreign, bad }) + '\n')
      app.quit()
    }, 0)
  }
}
module.exports = {
  app,
  BrowserWindow,
  dialog: { showMessageBox: async () => ({ response: 1 }), showErrorBox: (t, m) => process.stderr.write(t + ': ' + m + '\n') },
  Menu: { buildFromTemplate: (t) => t, setApplicationMenu: (m) => { seen.menu = m.map((i) => i.role || i.label) } },
  safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'basic_text' },
  screen: {
    getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
  },
  session: { defaultSession: {
    webRequest: {
      onBeforeSendHeaders: (fn) => fn({ requestHeaders: { Cookie: 'a=1' } }, (r) => { seen.cookie = r.requestHeaders.Cookie ?? null }),
      onHeadersReceived: () => {},
    },
    setPermissionRequestHandler: (fn) => fn({}, 'media', (granted) => { seen.permission = granted }, { isMainFrame: true, requestingUrl: 'filedock://app/index.html' }),
    setPermissionCheckHandler: () => {},
    resolveProxy: async () => 'DIRECT',
  } },
  shell: { openExternal: async () => {} },
  nativeImage: { createFromDataURL: (url) => ({ url }) },
  protocol: {
    registerSchemesAsPrivileged: (schemes) => { seen.schemes = schemes },
    handle: (scheme, handler) => { seen.handled = scheme; serve = handler },
  },
  ipcMain: { handle: (c, fn) => handlers.set(c, fn), removeHandler: (c) => handlers.delete(c) },
}
`

const hook = `
const Module = require('node:module')
const fake = require(process.env.FAKE_ELECTRON)
const load = Module._load
Module._load = function (request, ...rest) {
  if (request === 'electron') return fake
  // The keyring addon as it fails where it was built for another machine (another CPU type, musl).
  if (request === '@napi-rs/keyring') throw new Error('Cannot find native binding: wrong ELF class')
  return load.call(this, request, ...rest)
}
`

describe('the main bundle', () => {
  it('starts against a fake Electron, even with a keyring addon that cannot load: hardened window, CSP, permissions denied, every channel wired', async () => {
    const fake = join(out, 'fake-electron.cjs')
    const preloadHook = join(out, 'hook.cjs')
    await writeFile(fake, fakeElectron)
    await writeFile(preloadHook, hook)
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-main-'))
    try {
      const run = spawnSync(process.execPath, ['-r', preloadHook, join(out, 'main.cjs')], {
        encoding: 'utf8',
        timeout: 20_000,
        env: {
          ...process.env,
          FAKE_ELECTRON: fake,
          FILEDOCK_DATA_DIR: dataDir,
          FILEDOCK_KEYCHAIN_SERVICE: `Filedock-test-${randomUUID()}`,
          NODE_PATH: join(root, 'node_modules'),
        },
      })
      const [report, quit] = run.stdout.trim().split('\n')
      // will-quit is deferred until the core (sandbox, connections) is disposed, then the app exits.
      expect(quit, run.stderr).toBe('EXIT 0 after cleanup')
      const seen = JSON.parse(report ?? '{}')
      expect(seen.name).toBe('Filedock')
      // Chromium's profile and the app's own files share the one data folder (core/app/data-dir.ts).
      expect(seen.paths).toEqual({ userData: dataDir })
      expect(seen.sandbox).toBe(true)
      expect(seen.windows[0].webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
        preload: join(out, 'preload.cjs'),
      })
      // The renderer is served (filedock://app, with the pages' headers), not opened as a file.
      expect(seen.schemes).toEqual([expect.objectContaining({ scheme: 'filedock' })])
      expect(seen.handled).toBe('filedock')
      expect(seen.loaded).toBe('filedock://app/index.html')
      expect(seen.page.coop).toBe('same-origin')
      expect(seen.page.csp).toContain("script-src 'self'")
      expect(seen.cookie).toBeNull()
      expect(seen.permission).toBe(false)
      expect(seen.menu).toEqual(['fileMenu', 'editMenu', 'View', 'windowMenu', 'help'])
      expect(seen.channels).toEqual([...channelNames])
      expect(seen.ours).toEqual({
        ok: true,
        value: {
          name: 'Filedock',
          version: '9.9.9',
          host: 'electron',
          platform: process.platform,
          dragOut: true,
        },
      })
      expect(seen.foreign).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
      expect(seen.bad).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('the index writer bundle', () => {
  it("runs as the index's writer thread, loading SQLite from node_modules as the app does", async () => {
    // The bundle sits next to main.cjs and resolves better-sqlite3 from the node_modules beside it.
    await symlink(join(root, 'node_modules'), join(out, 'node_modules'), 'dir')
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-writer-'))
    const file = join(dataDir, 'file-index.sqlite')
    const { db } = openIndexDb(file)
    const writer = new IndexWriter({ file, entry: join(out, 'index-writer.cjs') })
    try {
      const acct = await writer.account('acc')
      const replace = await writer.beginReplace(acct, 0, writer.mark())
      replace.add(
        filesJson([
          {
            fileCode: 'abc123',
            name: 'from the bundle.txt',
            size: 3,
            uploaded: '2026-11-25 10:00:00',
            downloads: 0,
            fldId: 0,
            link: 'https://host.example/abc123',
            thumbnail: null,
            public: 1,
          },
        ]),
      )
      expect(await replace.commit([])).toBe(true)
      expect(db.prepare('SELECT name FROM files').pluck().all()).toEqual(['from the bundle.txt'])
    } finally {
      await writer.close()
      db.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
