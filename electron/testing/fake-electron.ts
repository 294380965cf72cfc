/**
 * A fake of the Electron surface electron/main.ts touches, for main.test.ts: the app's events (emitted like
 * Electron, with preventDefault), windows that record what was done to them, dialogs that answer as told, and a
 * journal (`calls`) of everything in the order it happened, readiness included.
 */
type Listener = (...args: unknown[]) => unknown

export interface Prevented {
  prevented: boolean
}

class Emitter {
  readonly listeners = new Map<string, Listener[]>()
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  once(event: string, listener: Listener) {
    const once: Listener = (...args) => {
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((l) => l !== once),
      )
      return listener(...args)
    }
    return this.on(event, once)
  }
  /** Emits like Electron: the first argument is an event whose preventDefault is recorded. */
  emit(event: string, ...args: unknown[]): Prevented {
    const result = { prevented: false }
    const e = { preventDefault: () => (result.prevented = true), sender: {} }
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(e, ...args)
    return result
  }
}

export function createFakeElectron(o: { platform?: NodeJS.Platform } = {}) {
  const calls: string[] = []
  const note = (line: string) => calls.push(line)
  let ready: () => void = () => undefined
  const readyPromise = new Promise<void>((resolve) => {
    ready = resolve
  })
  const windows: FakeWindow[] = []
  const answers: number[] = []

  class FakeWindow extends Emitter {
    readonly options: Record<string, unknown>
    state: 'hidden' | 'shown' | 'minimised' | 'closed' = 'hidden'
    loaded = ''
    readonly webContents = { send: () => undefined, isDestroyed: () => this.state === 'closed' }
    constructor(options: Record<string, unknown>) {
      super()
      this.options = options
      windows.push(this)
      note('window created')
    }
    async loadURL(url: string) {
      this.loaded = url
      queueMicrotask(() => this.emit('ready-to-show'))
    }
    show() {
      this.state = 'shown'
    }
    hide() {
      this.state = 'hidden'
    }
    focus() {}
    minimize() {
      this.state = 'minimised'
    }
    restore() {
      this.state = 'shown'
    }
    isMinimized() {
      return this.state === 'minimised'
    }
    isDestroyed() {
      return this.state === 'closed'
    }
    isMaximized() {
      return false
    }
    maximize() {}
    isVisible() {
      return this.state === 'shown'
    }
    getNormalBounds() {
      return { x: 0, y: 0, width: 1000, height: 700 }
    }
    setProgressBar() {}
    /**
     * The close button: 'close' (preventable), then 'closed', then window-all-closed when it was the last (not
     * while quitting: Electron emits it only for windows the user closed).
     */
    close() {
      if (this.emit('close').prevented) return false
      this.state = 'closed'
      this.emit('closed')
      if (!app.quitting && windows.every((w) => w.state === 'closed')) app.emit('window-all-closed')
      return true
    }
  }

  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    quitting: false,
    exitCode: null as number | null,
    setName: (name: string) => note(`setName ${name}`),
    setPath: (name: string, path: string) => note(`setPath ${name} ${path}`),
    setAppUserModelId: (id: string) => note(`setAppUserModelId ${id}`),
    enableSandbox: () => note('enableSandbox'),
    requestSingleInstanceLock: () => true,
    whenReady: () => readyPromise,
    getVersion: () => '9.9.9',
    getAppPath: () => '/src/filedock',
    // The OS's languages, which the 'system' language setting follows.
    getPreferredSystemLanguages: () => ['en-US'],
    // The OS Downloads folder is the one path main asks Electron for (the folder downloads are offered in); any
    // other would bypass the one data folder.
    getPath: (name: string) => {
      if (name === 'downloads') return '/home/fake/Downloads'
      throw new Error(`app.getPath(${name}): main should use the one data folder`)
    },
    /** Like Electron: before-quit (preventable), windows closed, then will-quit (preventable). */
    quit: () => {
      note('quit')
      if (app.emit('before-quit').prevented) return
      app.quitting = true
      for (const w of windows) {
        if (w.state !== 'closed' && !w.close()) {
          app.quitting = false
          return
        }
      }
      if (app.emit('will-quit').prevented) return
      app.exitCode = 0
    },
    exit: (code: number) => {
      note(`exit ${code}`)
      app.exitCode = code
    },
  })
  const on = app.on.bind(app)
  app.on = (event: string, listener: Listener) => {
    note(`app.on ${event}`)
    return on(event, listener)
  }

  const module = {
    app,
    BrowserWindow: FakeWindow,
    clipboard: { writeText: () => undefined },
    dialog: {
      showMessageBoxSync: () => answers.shift() ?? 1,
      showMessageBox: async () => ({ response: answers.shift() ?? 1 }),
      showErrorBox: (title: string, message: string) => note(`error ${title}: ${message}`),
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
    },
    ipcMain: { handle: () => undefined, removeHandler: () => undefined },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => undefined },
    Notification: Object.assign(
      class {
        on() {
          return this
        }
        show() {}
      },
      { isSupported: () => false },
    ),
    nativeImage: {
      createFromDataURL: () => ({}),
      createEmpty: () => ({ addRepresentation: () => undefined, setTemplateImage: () => undefined }),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: Array<{ scheme: string }>) =>
        note(`registerSchemesAsPrivileged ${schemes.map((s) => s.scheme).join(',')}`),
      handle: (scheme: string) => note(`protocol.handle ${scheme}`),
    },
    safeStorage: {
      isEncryptionAvailable: () => false,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: () => Buffer.alloc(0),
      decryptString: () => '',
    },
    screen: {
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
      getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: () => undefined, onBeforeSendHeaders: () => undefined },
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        resolveProxy: async () => 'DIRECT',
      },
    },
    shell: { openExternal: async () => undefined },
    Tray: class {
      setToolTip() {}
      setContextMenu() {}
      on() {
        return this
      }
      destroy() {}
    },
  }

  return {
    module,
    app,
    windows,
    calls,
    platform: o.platform ?? 'linux',
    /** The next answers of message boxes (button indexes), in order; 1 ("Keep uploading") when none is left. */
    answer: (...choices: number[]) => answers.push(...choices),
    ready: () => {
      note('ready')
      ready()
    },
  }
}

export type FakeElectron = ReturnType<typeof createFakeElectron>
