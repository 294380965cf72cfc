import { afterEach, describe, expect, it, vi } from 'vitest'
import { englishIntl } from '../../core/i18n/main-intl.ts'
import { createEventBus } from '../../core/ipc/event-bus.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { LinksReadyEvent } from '../../shared/ipc/queue-events.ts'
import type { QueueTotals } from '../../shared/queue.ts'
import { emptyTotals } from '../../shared/queue-totals.ts'
import { batchNotice, type NotificationLike, notifyFinishedBatches } from './batch-notifier.ts'
import { createPathPicker } from './pick-paths.ts'
import { type QueueState, queueStateOf, showQueueProgress } from './taskbar-progress.ts'

const totals = (over: Partial<QueueTotals>): QueueTotals => ({ ...emptyTotals(), ...over })

class FakeWindow {
  readonly calls: Array<[number, string | undefined]> = []
  destroyed = false
  setProgressBar(value: number, options?: { mode?: string }) {
    this.calls.push([value, options?.mode])
  }
  isDestroyed() {
    return this.destroyed
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('showQueueProgress', () => {
  it('shows done bytes over all bytes while uploads run, paused while paused, and clears when idle', () => {
    vi.useFakeTimers()
    const bus = createEventBus<AppEvent>()
    const win = new FakeWindow()
    let state: QueueState | null = { totals: totals({}), paused: false }
    const stop = showQueueProgress(
      bus,
      () => state,
      () => win,
    )
    vi.advanceTimersByTime(300)
    expect(win.calls).toEqual([[-1, 'none']])

    const running = totals({ items: 2, running: 1, queued: 1, totalBytes: 1000, doneBytes: 250 })
    bus.emit({ type: 'queue.progress', items: [], totals: running })
    bus.emit({ type: 'queue.progress', items: [], totals: { ...running, doneBytes: 250 } })
    bus.emit({ type: 'queue.progress', items: [], totals: { ...running, doneBytes: 500 } })
    expect(win.calls.slice(1)).toEqual([
      [0.25, 'normal'],
      [0.5, 'normal'],
    ])

    state = { totals: { ...running, running: 0, queued: 2, doneBytes: 500 }, paused: true }
    bus.emit({ type: 'queue.paused', pause: { reason: 'user', message: 'The queue is paused.', since: 1 } })
    vi.advanceTimersByTime(300)
    expect(win.calls.at(-1)).toEqual([0.5, 'paused'])

    state = { totals: totals({ items: 2, done: 2, totalBytes: 1000, doneBytes: 1000 }), paused: false }
    bus.emit({ type: 'queue.resumed', reason: 'user' })
    for (let i = 0; i < 50; i++) bus.emit({ type: 'queue.removed', ids: [`x${i}`] })
    vi.advanceTimersByTime(300)
    expect(win.calls.at(-1)).toEqual([-1, 'none'])
    expect(win.calls).toHaveLength(5)

    stop()
    bus.emit({ type: 'queue.progress', items: [], totals: running })
    expect(win.calls).toHaveLength(5)
  })

  it('leaves a closed window alone, and shows nothing while the queue is unavailable', () => {
    vi.useFakeTimers()
    const bus = createEventBus<AppEvent>()
    const win = new FakeWindow()
    win.destroyed = true
    showQueueProgress(
      bus,
      () => null,
      () => win,
    )
    bus.emit({
      type: 'queue.progress',
      items: [],
      totals: totals({ running: 1, totalBytes: 10, doneBytes: 5 }),
    })
    expect(win.calls).toEqual([])
    win.destroyed = false
    bus.emit({ type: 'queue.item', item: {} as never })
    vi.advanceTimersByTime(300)
    expect(win.calls).toEqual([[-1, 'none']])
    expect(
      queueStateOf({
        engine: () => {
          throw new Error('in use')
        },
      }),
    ).toBeNull()
  })
})

const ready = (over: Partial<LinksReadyEvent> = {}): LinksReadyEvent => ({
  type: 'links.ready',
  batchId: 'b1',
  format: 'page',
  text: 'http://h/abc',
  files: 3,
  failed: 0,
  copied: true,
  ...over,
})

describe('notifyFinishedBatches', () => {
  it('shows one notification per finished batch, and a click brings the window back', () => {
    const bus = createEventBus<AppEvent>()
    const shown: Array<{ options: unknown; click?: () => void }> = []
    class FakeNotification implements NotificationLike {
      static supported = true
      static isSupported() {
        return FakeNotification.supported
      }
      private readonly record: { options: unknown; click?: () => void }
      constructor(options: unknown) {
        this.record = { options }
      }
      on(event: string, listener: (details: never) => void) {
        if (event === 'click') this.record.click = () => listener({} as never)
        return this
      }
      show() {
        shown.push(this.record)
      }
    }
    let focused = 0
    const stop = notifyFinishedBatches(
      bus,
      () => englishIntl,
      FakeNotification,
      () => focused++,
    )
    bus.emit({ type: 'accounts.changed' })
    bus.emit(ready())
    expect(shown).toEqual([
      {
        options: {
          title: 'Upload finished',
          body: '3 files uploaded. The links are on the clipboard.',
          silent: false,
        },
        click: expect.any(Function),
      },
    ])
    shown[0]?.click?.()
    expect(focused).toBe(1)

    // A batch whose only upload the user cancelled sent nothing: no "Upload finished · 0 files".
    bus.emit(ready({ files: 0, text: '', cancelled: 1 }))
    expect(shown).toHaveLength(1)

    FakeNotification.supported = false
    bus.emit(ready())
    expect(shown).toHaveLength(1)
    stop()
  })

  it('says how many failed, and does not claim a copy that did not happen', () => {
    expect(batchNotice(ready({ files: 1, failed: 2, copied: false }), englishIntl)).toMatchObject({
      title: 'Upload finished with errors',
      body: '1 file uploaded, 2 failed.',
    })
  })
})

describe('createPathPicker', () => {
  it('opens the native dialog for files or folders, modal to the window, and answers [] when cancelled', async () => {
    const calls: unknown[][] = []
    let answer = { canceled: false, filePaths: ['/home/me/a.txt', '/home/me/b.txt'] }
    const dialog = {
      showOpenDialog: async (...args: unknown[]) => {
        calls.push(args)
        return answer
      },
    }
    const win = { id: 1 }
    const pick = createPathPicker(
      dialog as never,
      () => win as never,
      () => englishIntl,
    )
    expect(await pick('files')).toEqual(['/home/me/a.txt', '/home/me/b.txt'])
    expect(calls[0]?.[0]).toBe(win)
    expect(calls[0]?.[1]).toMatchObject({ properties: ['openFile', 'multiSelections'] })
    answer = { canceled: true, filePaths: [] }
    expect(await pick('folder')).toEqual([])
    expect(calls[1]?.[1]).toMatchObject({
      properties: expect.arrayContaining(['openDirectory', 'multiSelections']),
    })

    const noWindow = createPathPicker(
      dialog as never,
      () => null,
      () => englishIntl,
    )
    answer = { canceled: false, filePaths: ['/srv/x'] }
    expect(await noWindow('folder')).toEqual(['/srv/x'])
    expect(calls[2]).toHaveLength(1)
  })
})
