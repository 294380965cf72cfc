import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindowConstructorOptions } from 'electron'
import { afterEach, describe, expect, it } from 'vitest'
import { createMainWindow, type MainWindowDeps } from './window.ts'
import { DEFAULT_SIZE, placeWindow, type Rect } from './window-state.ts'

const primary: Rect = { x: 0, y: 0, width: 1920, height: 1040 }
const second: Rect = { x: 1920, y: 0, width: 1280, height: 1000 }

describe('placeWindow', () => {
  it('centres a first window on the primary display', () => {
    expect(placeWindow(null, [primary], primary)).toEqual({
      bounds: { x: 360, y: 130, width: DEFAULT_SIZE.width, height: DEFAULT_SIZE.height },
      maximized: false,
    })
  })

  it('restores saved bounds that are on a display', () => {
    const saved = { bounds: { x: 2000, y: 50, width: 1000, height: 700 }, maximized: true }
    expect(placeWindow(saved, [primary, second], primary)).toEqual(saved)
  })

  it('recentres a window whose display is gone', () => {
    const saved = { bounds: { x: 4000, y: 50, width: 1000, height: 700 }, maximized: false }
    expect(placeWindow(saved, [primary], primary).bounds).toEqual({
      x: 360,
      y: 130,
      width: 1200,
      height: 780,
    })
  })

  it('pulls a barely visible or oversized window fully onto its display', () => {
    const saved = { bounds: { x: 1800, y: -10, width: 3000, height: 2000 }, maximized: false }
    expect(placeWindow(saved, [primary], primary).bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 })
  })
})

type Listener = () => void

class FakeWindow {
  static created: FakeWindow[] = []
  readonly listeners = new Map<string, Listener>()
  loaded: string | undefined
  shown = false
  maximized = false
  constructor(readonly options: BrowserWindowConstructorOptions) {
    FakeWindow.created.push(this)
  }
  once(event: string, listener: Listener) {
    this.listeners.set(event, listener)
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener)
  }
  async loadURL(url: string) {
    this.loaded = url
  }
  show() {
    this.shown = true
  }
  maximize() {
    this.maximized = true
  }
  isMaximized() {
    return this.maximized
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 900, height: 600 }
  }
}

describe('createMainWindow', () => {
  let dir: string | undefined
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
    FakeWindow.created = []
  })

  const deps = (stateFile: string): MainWindowDeps => ({
    BrowserWindow: FakeWindow as unknown as MainWindowDeps['BrowserWindow'],
    screen: {
      getAllDisplays: () => [{ workArea: primary }] as never,
      getPrimaryDisplay: () => ({ workArea: primary }) as never,
    },
    preloadPath: '/app/dist/electron/preload.cjs',
    stateFile,
    app: { indexUrl: 'filedock://app/index.html' },
  })

  it('creates the window with the hardened webPreferences and loads our served index page', async () => {
    dir = await mkdtemp(join(tmpdir(), 'filedock-window-'))
    await createMainWindow(deps(join(dir, 'window-state.json')))
    const win = FakeWindow.created[0]
    expect(win?.options.webPreferences).toEqual({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    })
    expect(win?.options.show).toBe(false)
    expect(win?.loaded).toBe('filedock://app/index.html')
    win?.listeners.get('ready-to-show')?.()
    expect(win?.shown).toBe(true)
  })

  it('remembers its bounds on close and restores them next time', async () => {
    dir = await mkdtemp(join(tmpdir(), 'filedock-window-'))
    const stateFile = join(dir, 'window-state.json')
    await createMainWindow(deps(stateFile))
    FakeWindow.created[0]?.listeners.get('close')?.()
    expect(JSON.parse(await readFile(stateFile, 'utf8'))).toEqual({
      bounds: { x: 10, y: 20, width: 900, height: 600 },
      maximized: false,
    })
    await createMainWindow(deps(stateFile))
    expect(FakeWindow.created[1]?.options).toMatchObject({ x: 10, y: 20, width: 900, height: 600 })
  })

  it('ignores a damaged state file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'filedock-window-'))
    const stateFile = join(dir, 'window-state.json')
    await writeFile(stateFile, '{"bounds": "nope"')
    await createMainWindow(deps(stateFile))
    expect(FakeWindow.created[0]?.options).toMatchObject({
      width: DEFAULT_SIZE.width,
      height: DEFAULT_SIZE.height,
    })
  })
})
