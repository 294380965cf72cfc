import { defineMessages } from '@formatjs/intl'
import { type MainText, plainMessages } from '../../core/i18n/main-intl.ts'
import type { QueueState } from './taskbar-progress.ts'
import { activeUploads } from './tray.ts'

export interface ClosableWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown
  hide(): void
  minimize(): void
}

export interface CloseGuard {
  /** Quitting for real (the app menu's or the tray's Quit, or a confirmed close): let the window go. */
  quitting(): boolean
  /** Closing the last window quits the app (Windows, Linux); on macOS the app stays in the Dock. */
  closingQuits: boolean
  read(): QueueState | null
  /** The user's "keep running in the tray" setting. */
  keepInTray(): boolean
  /** A tray icon the user can see (tray-host.ts): only then may the window hide behind it. */
  trayShown(): boolean
  question: QuitQuestion
  text: MainText
  /** The user chose Quit here: the quit that follows must not ask again. */
  confirmQuit(): void
}

/**
 * What closing the window does while uploads run. With "keep running in the tray" on, the window hides behind
 * a tray icon that can be seen, or is minimised where there is none (a Linux desktop without a StatusNotifier
 * host): never hidden out of reach. Otherwise, where closing the window quits the app, the user is asked here,
 * in the window's own close: "Keep uploading" keeps the window open. (Asked later, in before-quit, the window
 * would already be gone, leaving a process with nothing to show.) Idle or paused, the window just closes.
 */
export function guardClose(win: ClosableWindow, o: CloseGuard): void {
  win.on('close', (event) => {
    if (o.quitting()) return
    const state = o.read()
    if (state === null || activeUploads(state.totals) === 0) return
    if (o.keepInTray()) {
      event.preventDefault()
      if (o.trayShown()) win.hide()
      else win.minimize()
      return
    }
    if (!o.closingQuits) return
    if (confirmQuit(state, o.question, o.text)) o.confirmQuit()
    else event.preventDefault()
  })
}

export interface QuitQuestion {
  /** The index of the button the user chose. */
  ask(o: { message: string; detail: string; buttons: string[]; defaultId: number; cancelId: number }): number
}

/**
 * Quitting while uploads run asks first: they are not lost (the queue resumes them at the next start), but the
 * user may not expect them to stop now. Returns whether to quit.
 */
export function confirmQuit(state: QueueState | null, question: QuitQuestion, text: MainText): boolean {
  if (state === null) return true
  const active = activeUploads(state.totals)
  if (active === 0 || state.paused) return true
  const intl = text()
  const choice = question.ask({
    message: intl.formatMessage(TEXT.message, { active }),
    detail: intl.formatMessage(TEXT.detail),
    buttons: [intl.formatMessage(TEXT.quit), intl.formatMessage(TEXT.keep)],
    defaultId: 1,
    cancelId: 1,
  })
  return choice === 0
}

const TEXT = plainMessages(
  defineMessages({
    message: {
      id: 'main.quitQuestion.message',
      defaultMessage:
        '{active, plural, one {# upload is still running. Quit anyway?} other {# uploads are still running. Quit anyway?}}',
    },
    detail: {
      id: 'main.quitQuestion.detail',
      defaultMessage: 'They stop now and carry on where they left off the next time Filedock starts.',
    },
    quit: { id: 'main.quitQuestion.quit', defaultMessage: 'Quit' },
    keep: { id: 'main.quitQuestion.keepUploading', defaultMessage: 'Keep uploading' },
  }),
)
