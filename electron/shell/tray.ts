import { defineMessages, type IntlShape } from '@formatjs/intl'
import type { MenuItemConstructorOptions } from 'electron'
import { type MainIntl, plainMessages } from '../../core/i18n/main-intl.ts'
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
  /** Main's words in the user's language; the menu is built again when the language changes. */
  intl: Pick<MainIntl, 'current' | 'settled'>
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
    const intl = d.intl.current()
    const tip = trayTooltip(state, intl)
    const template = trayMenu(state, lastPack, d, intl)
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
    // Perhaps another language: the menu follows once main's words in it have loaded.
    else if (event.type === 'settings.changed') void d.intl.settled().then(settle)
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

export function trayTooltip(state: QueueState | null, intl: IntlShape): string {
  if (state === null) return 'Filedock'
  const t = state.totals
  const active = activeUploads(t)
  if (active === 0) return intl.formatMessage(TEXT.idle)
  return intl.formatMessage(TEXT.progress, {
    paused: state.paused ? 'yes' : 'no',
    done: t.done,
    total: t.done + active + t.paused,
    hasPercent: t.totalBytes > 0 ? 'yes' : 'no',
    percent: t.totalBytes > 0 ? Math.floor((100 * t.doneBytes) / t.totalBytes) : 0,
  })
}

function trayMenu(
  state: QueueState | null,
  lastPack: { text: string; files: number } | null,
  d: Pick<TrayDeps, 'pauseAll' | 'resumeAll' | 'copy' | 'open' | 'quit' | 'log'>,
  intl: IntlShape,
): MenuItemConstructorOptions[] {
  const run = (what: string, task: () => Promise<void>) => () =>
    void task().catch((error: unknown) => d.log(`Filedock: ${what} from the tray: ${String(error)}`))
  const paused = state?.paused ?? false
  return [
    { label: intl.formatMessage(TEXT.open), click: d.open },
    { type: 'separator' },
    paused
      ? {
          label: intl.formatMessage(TEXT.resume),
          enabled: state !== null,
          click: run('resuming', d.resumeAll),
        }
      : {
          label: intl.formatMessage(TEXT.pauseAll),
          enabled: state !== null,
          click: run('pausing', d.pauseAll),
        },
    {
      label:
        lastPack === null
          ? intl.formatMessage(TEXT.copyLast)
          : intl.formatMessage(TEXT.copyLastCount, { files: lastPack.files }),
      enabled: lastPack !== null,
      click: () => {
        if (lastPack) d.copy(lastPack.text)
      },
    },
    { type: 'separator' },
    { label: intl.formatMessage(TEXT.quit), click: d.quit },
  ]
}

const TEXT = plainMessages(
  defineMessages({
    idle: { id: 'tray.tooltip.idle', defaultMessage: 'Filedock: no uploads running' },
    progress: {
      id: 'tray.tooltip.progress',
      defaultMessage:
        'Filedock: {paused, select, yes {paused} other {uploading}}, {done, number} of {total, number} uploaded{hasPercent, select, yes { ({percent, number}%)} other {}}',
    },
    open: { id: 'tray.open', defaultMessage: 'Open Filedock' },
    resume: { id: 'tray.resume', defaultMessage: 'Resume uploads' },
    pauseAll: { id: 'tray.pauseAll', defaultMessage: 'Pause all uploads' },
    copyLast: { id: 'tray.copyLastLinks', defaultMessage: 'Copy last links' },
    copyLastCount: {
      id: 'tray.copyLastLinksCount',
      defaultMessage: '{files, plural, one {Copy last links (# file)} other {Copy last links (# files)}}',
    },
    quit: { id: 'tray.quit', defaultMessage: 'Quit Filedock' },
  }),
)
