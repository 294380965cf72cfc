import type { MenuItemConstructorOptions } from 'electron'
import type { EventBus } from '../../core/ipc/event-bus.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { QueueTotals } from '../../shared/queue.ts'
import type { QueueState } from './taskbar-progress.ts'

export interface TrayLike {
  setToolTip(text: string): void
  setContextMenu(menu: unknown): void
  on(event: 'click', listener: () => void): unknown
  destroy(): void
}

export interface TrayDeps {
  tray: TrayLike
  buildMenu(template: MenuItemConstructorOptions[]): unknown
  events: EventBus<AppEvent>
  read(): QueueState | null
  pauseAll(): Promise<void>
  resumeAll(): Promise<void>
  copy(text: string): void
  open(): void
  quit(): void
  log(line: string): void
}

/** The tray is read again this long after a burst of queue events; progress events carry their totals. */
const SETTLE_MS = 300

/**
 * The tray icon: overall progress in its tooltip, and a menu with Pause all / Resume, the last link pack to
 * copy, Open and Quit. It is what remains while uploads run with the window closed (window-close.ts).
 */
export function installTray(d: TrayDeps): () => void {
  let lastPack: { text: string; files: number } | null = null
  let timer: NodeJS.Timeout | null = null
  let shown = ''

  const render = (state: QueueState | null) => {
    const tip = trayTooltip(state)
    const template = trayMenu(state, lastPack, d)
    const key = `${tip}\u0000${template.map((i) => `${i.label}:${i.enabled}`).join('|')}`
    if (key === shown) return
    shown = key
    d.tray.setToolTip(tip)
    d.tray.setContextMenu(d.buildMenu(template))
  }
  const settle = () => {
    timer ??= setTimeout(() => {
      timer = null
      render(d.read())
    }, SETTLE_MS)
  }
  d.tray.on('click', d.open)
  render(d.read())
  const stop = d.events.subscribe((event) => {
    if (event.type === 'links.ready' && event.text !== '') {
      lastPack = { text: event.text, files: event.files }
      settle()
    } else if (event.type === 'queue.progress') {
      const state = d.read()
      render(state ? { ...state, totals: event.totals } : null)
    } else if (event.type.startsWith('queue.') || event.type === 'batch.finished') settle()
  })
  return () => {
    stop()
    if (timer) clearTimeout(timer)
    d.tray.destroy()
  }
}

export function activeUploads(totals: QueueTotals): number {
  return totals.queued + totals.running + totals.retrying + totals.pending
}

export function trayTooltip(state: QueueState | null): string {
  if (state === null) return 'Filedock'
  const t = state.totals
  const active = activeUploads(t)
  if (active === 0) return 'Filedock: no uploads running'
  const percent = t.totalBytes > 0 ? ` (${Math.floor((100 * t.doneBytes) / t.totalBytes)}%)` : ''
  const what = `${t.done} of ${t.done + active + t.paused} uploaded${percent}`
  return state.paused ? `Filedock: paused, ${what}` : `Filedock: uploading, ${what}`
}

function trayMenu(
  state: QueueState | null,
  lastPack: { text: string; files: number } | null,
  d: Pick<TrayDeps, 'pauseAll' | 'resumeAll' | 'copy' | 'open' | 'quit' | 'log'>,
): MenuItemConstructorOptions[] {
  const run = (what: string, task: () => Promise<void>) => () =>
    void task().catch((error: unknown) => d.log(`Filedock: ${what} from the tray: ${String(error)}`))
  const paused = state?.paused ?? false
  return [
    { label: 'Open Filedock', click: d.open },
    { type: 'separator' },
    paused
      ? { label: 'Resume uploads', enabled: state !== null, click: run('resuming', d.resumeAll) }
      : { label: 'Pause all uploads', enabled: state !== null, click: run('pausing', d.pauseAll) },
    {
      label:
        lastPack === null
          ? 'Copy last links'
          : `Copy last links (${lastPack.files} file${lastPack.files === 1 ? '' : 's'})`,
      enabled: lastPack !== null,
      click: () => {
        if (lastPack) d.copy(lastPack.text)
      },
    },
    { type: 'separator' },
    { label: 'Quit Filedock', click: d.quit },
  ]
}
