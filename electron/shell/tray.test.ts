import type { MenuItemConstructorOptions } from 'electron'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { englishIntl, intlFor, MainIntl } from '../../core/i18n/main-intl.ts'
import { createEventBus } from '../../core/ipc/event-bus.ts'
import type { LanguageSetting } from '../../shared/i18n/locales.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { LinksReadyEvent } from '../../shared/ipc/queue-events.ts'
import type { QueueTotals } from '../../shared/queue.ts'
import { emptyTotals } from '../../shared/queue-totals.ts'
import { HeldNotifications, type NotificationLike, notifyFinishedBatches } from './batch-notifier.ts'
import type { QueueState } from './taskbar-progress.ts'
import { installTray, type TrayLike, trayTooltip } from './tray.ts'
import { confirmQuit, guardClose } from './window-close.ts'

const english = () => englishIntl
const totals = (over: Partial<QueueTotals>): QueueTotals => ({ ...emptyTotals(), ...over })
const running: QueueState = {
  totals: totals({ items: 4, done: 1, running: 1, queued: 2, totalBytes: 1000, doneBytes: 420 }),
  paused: false,
}
const idle: QueueState = {
  totals: totals({ items: 4, done: 4, totalBytes: 1000, doneBytes: 1000 }),
  paused: false,
}

const ready = (over: Partial<LinksReadyEvent> = {}): LinksReadyEvent => ({
  type: 'links.ready',
  batchId: 'b1',
  format: 'page',
  text: 'http://host/aaa\nhttp://host/bbb',
  files: 2,
  failed: 0,
  copied: false,
  ...over,
})

class FakeTray implements TrayLike {
  tip = ''
  menu: MenuItemConstructorOptions[] = []
  clicks: Array<() => void> = []
  destroyed = false
  setToolTip(text: string) {
    this.tip = text
  }
  setContextMenu(menu: unknown) {
    this.menu = menu as MenuItemConstructorOptions[]
  }
  on(_event: 'click', listener: () => void) {
    this.clicks.push(listener)
    return this
  }
  destroy() {
    this.destroyed = true
  }
  item(label: RegExp): MenuItemConstructorOptions {
    const found = this.menu.find((i) => label.test(String(i.label)))
    if (!found) throw new Error(`no menu item ${label}`)
    return found
  }
  click(label: RegExp) {
    this.item(label).click?.({} as never, undefined, {} as never)
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the tray icon', () => {
  it('shows overall progress, pauses and resumes everything, copies the last link pack, opens and quits', async () => {
    vi.useFakeTimers()
    const bus = createEventBus<AppEvent>()
    const tray = new FakeTray()
    let state: QueueState | null = running
    const calls: string[] = []
    const stop = installTray({
      tray,
      buildMenu: (template) => template,
      events: bus,
      read: () => state,
      pauseAll: async () => {
        calls.push('pause')
      },
      resumeAll: async () => {
        calls.push('resume')
      },
      copy: (text) => calls.push(`copy ${text}`),
      open: () => calls.push('open'),
      quit: () => calls.push('quit'),
      log: () => undefined,
      intl: { current: () => englishIntl, settled: async () => undefined },
    })
    expect(tray.tip).toBe('Filedock: uploading, 1 of 4 uploaded (42%)')
    expect(tray.item(/Copy last links/).enabled).toBe(false)
    tray.click(/Pause all/)

    state = { ...running, paused: true }
    bus.emit({ type: 'queue.paused', pause: { reason: 'user', message: 'Paused.', since: 1 } })
    vi.advanceTimersByTime(400)
    expect(tray.tip).toMatch(/^Filedock: paused/)
    tray.click(/Resume uploads/)

    state = idle
    bus.emit(ready())
    vi.advanceTimersByTime(400)
    expect(tray.tip).toBe('Filedock: no uploads running')
    expect(tray.item(/Copy last links/).label).toBe('Copy last links (2 files)')
    tray.click(/Copy last links/)
    tray.click(/Open Filedock/)
    tray.clicks[0]?.()
    tray.click(/Quit/)
    await Promise.resolve()
    expect(calls).toEqual([
      'pause',
      'resume',
      'copy http://host/aaa\nhttp://host/bbb',
      'open',
      'open',
      'quit',
    ])
    stop()
    expect(tray.destroyed).toBe(true)
  })

  it('speaks the language chosen in Settings, and follows a change of it', async () => {
    let language: LanguageSetting = 'es'
    const intl = await MainIntl.open({ setting: () => language, system: ['en-US'] })
    const bus = createEventBus<AppEvent>()
    // As the core does: main's intl hears of the change first.
    bus.subscribe((event) => {
      if (event.type === 'settings.changed') void intl.refresh()
    })
    const tray = new FakeTray()
    const stop = installTray({
      tray,
      buildMenu: (template) => template,
      events: bus,
      read: () => running,
      pauseAll: async () => undefined,
      resumeAll: async () => undefined,
      copy: () => undefined,
      open: () => undefined,
      quit: () => undefined,
      log: () => undefined,
      intl,
    })
    expect(tray.tip).toBe('Filedock: subiendo, 1 de 4 subidos (42 %)')
    expect(tray.item(/Pausar todas las subidas/).enabled).toBe(true)
    expect(tray.item(/Salir de Filedock/)).toBeDefined()

    language = 'pt-BR'
    bus.emit({ type: 'settings.changed' })
    await vi.waitFor(() => expect(tray.tip).toBe('Filedock: enviando, 1 de 4 enviados (42%)'))
    expect(tray.item(/Pausar todos os envios/).enabled).toBe(true)
    stop()
  })

  it('writes the counts with the grouping of the language', async () => {
    const many: QueueState = { totals: totals({ done: 12_345, queued: 1_000 }), paused: false }
    expect(trayTooltip(many, englishIntl)).toBe('Filedock: uploading, 12,345 of 13,345 uploaded')
    expect(trayTooltip(many, await intlFor('es'))).toBe('Filedock: subiendo, 12.345 de 13.345 subidos')
    expect(trayTooltip(many, await intlFor('tr'))).toBe(
      'Filedock: yükleniyor, 13.345 dosyadan 12.345 tanesi yüklendi',
    )
  })

  it('follows progress events without reading the queue for each', () => {
    expect(trayTooltip(null, englishIntl)).toBe('Filedock')
    expect(trayTooltip({ totals: totals({ queued: 3 }), paused: false }, englishIntl)).toBe(
      'Filedock: uploading, 0 of 3 uploaded',
    )
  })
})

describe('closing and quitting while uploads run', () => {
  function fakeWindow() {
    let listener: ((e: { preventDefault(): void }) => void) | null = null
    const win = {
      state: 'shown' as 'shown' | 'hidden' | 'minimised' | 'closed',
      on: (_event: 'close', l: (e: { preventDefault(): void }) => void) => {
        listener = l
      },
      hide: () => {
        win.state = 'hidden'
      },
      minimize: () => {
        win.state = 'minimised'
      },
      close() {
        let prevented = false
        listener?.({ preventDefault: () => (prevented = true) })
        if (!prevented) win.state = 'closed'
      },
    }
    return win
  }

  function rig(o: { keep?: boolean; tray?: boolean; closingQuits?: boolean; answer?: number } = {}) {
    const win = fakeWindow()
    const asked: string[] = []
    let state: QueueState = running
    let quitting = false
    guardClose(win, {
      quitting: () => quitting,
      closingQuits: o.closingQuits ?? true,
      read: () => state,
      keepInTray: () => o.keep ?? false,
      trayShown: () => o.tray ?? true,
      question: {
        ask: (q) => {
          asked.push(q.message)
          return o.answer ?? 1
        },
      },
      text: english,
      confirmQuit: () => {
        quitting = true
      },
    })
    return {
      win,
      asked,
      quitting: () => quitting,
      set: (s: QueueState) => {
        state = s
      },
    }
  }

  it('hides the window to a tray icon that can be seen while uploads run (the setting on)', () => {
    const r = rig({ keep: true, tray: true })
    r.win.close()
    expect(r.win.state).toBe('hidden')
    expect(r.asked).toEqual([])
  })

  it('minimises it instead where no tray host shows the icon (GNOME without AppIndicator)', () => {
    const r = rig({ keep: true, tray: false })
    r.win.close()
    expect(r.win.state).toBe('minimised')
  })

  it('asks in the window’s own close, where closing quits: "Keep uploading" keeps the window open', () => {
    const kept = rig({ answer: 1 })
    kept.win.close()
    expect(kept.asked).toEqual(['3 uploads are still running. Quit anyway?'])
    expect(kept.win.state).toBe('shown')
    expect(kept.quitting()).toBe(false)

    const quit = rig({ answer: 0 })
    quit.win.close()
    expect(quit.win.state).toBe('closed')
    // The quit that follows does not ask again.
    expect(quit.quitting()).toBe(true)
  })

  it('just closes when idle, while quitting, and on macOS (the app stays in the Dock)', () => {
    const idleRig = rig()
    idleRig.set(idle)
    idleRig.win.close()
    expect(idleRig.win.state).toBe('closed')
    const mac = rig({ closingQuits: false })
    mac.win.close()
    expect(mac.win.state).toBe('closed')
    expect([...idleRig.asked, ...mac.asked]).toEqual([])
  })

  it('asks before quitting while uploads run, and not when idle or paused', () => {
    const asked: string[] = []
    const answer = (choice: number) => ({
      ask: (o: { message: string }) => {
        asked.push(o.message)
        return choice
      },
    })
    expect(confirmQuit(running, answer(1), english)).toBe(false)
    expect(confirmQuit(running, answer(0), english)).toBe(true)
    expect(asked[0]).toBe('3 uploads are still running. Quit anyway?')
    expect(confirmQuit(idle, answer(1), english)).toBe(true)
    expect(confirmQuit({ ...running, paused: true }, answer(1), english)).toBe(true)
    expect(asked).toHaveLength(2)
  })
})

describe('the batch-finished notification', () => {
  /** Emits like Electron 45: an action's listener gets an event carrying actionIndex (the index argument is deprecated). */
  function fakes() {
    const made: Array<{ options: Record<string, unknown>; emit(event: string, details?: object): void }> = []
    class FakeNotification implements NotificationLike {
      static isSupported() {
        return true
      }
      private readonly handlers = new Map<string, Array<(details: never) => void>>()
      constructor(options: object) {
        made.push({
          options: options as Record<string, unknown>,
          emit: (event, details = {}) => {
            for (const h of this.handlers.get(event) ?? []) h({ preventDefault() {}, ...details } as never)
          },
        })
      }
      on(event: string, listener: (details: never) => void) {
        this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener])
        return this
      }
      show() {}
    }
    return { made, FakeNotification }
  }

  it('has a Copy links button that copies the pack', () => {
    const bus = createEventBus<AppEvent>()
    const { made, FakeNotification } = fakes()
    const copied: string[] = []
    notifyFinishedBatches(
      bus,
      english,
      FakeNotification,
      () => undefined,
      (t) => copied.push(t),
    )
    bus.emit(ready())
    expect(made[0]?.options.actions).toEqual([{ type: 'button', text: 'Copy links' }])
    made[0]?.emit('action', { actionIndex: 0 })
    expect(copied).toEqual(['http://host/aaa\nhttp://host/bbb'])
    // Nothing to copy: no button.
    bus.emit(ready({ text: '', files: 0, failed: 2 }))
    expect(made[1]?.options.actions).toBeUndefined()
  })

  it('tells of a finished batch in the user’s language', async () => {
    const bus = createEventBus<AppEvent>()
    const { made, FakeNotification } = fakes()
    const es = await intlFor('es')
    notifyFinishedBatches(
      bus,
      () => es,
      FakeNotification,
      () => undefined,
      () => undefined,
    )
    bus.emit(ready({ files: 1, failed: 2, copied: true }))
    expect(made[0]?.options).toMatchObject({
      title: 'Subida finalizada con errores',
      body: '1 archivo subido, 2 con error. Los enlaces están en el portapapeles.',
      actions: [{ type: 'button', text: 'Copiar enlaces' }],
    })
  })

  it('holds each notification until it closes, so a later click still reaches it, and at most the latest 20', () => {
    const bus = createEventBus<AppEvent>()
    const { made, FakeNotification } = fakes()
    const held = new HeldNotifications()
    let focused = 0
    const stop = notifyFinishedBatches(bus, english, FakeNotification, () => focused++, undefined, held)
    bus.emit(ready())
    bus.emit(ready())
    expect(held.count).toBe(2)
    made[0]?.emit('click')
    expect(focused).toBe(1)
    made[0]?.emit('close')
    expect(held.count).toBe(1)
    for (let i = 0; i < 30; i++) bus.emit(ready())
    expect(held.count).toBe(HeldNotifications.MAX)
    stop()
    expect(held.count).toBe(0)
  })
})
