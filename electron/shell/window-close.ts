import type { QueueState } from './taskbar-progress.ts'
import { activeUploads } from './tray.ts'

export interface ClosableWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown
  hide(): void
}

/**
 * Closing the window while uploads run keeps them going behind the tray icon (when the user's setting says so,
 * the default): the window hides instead of closing. Quitting for real (the tray's Quit, the app menu) sets
 * `quitting` first and the window closes.
 */
export function keepRunningOnClose(
  win: ClosableWindow,
  o: { keepInTray(): boolean; read(): QueueState | null; quitting(): boolean; hasTray(): boolean },
): void {
  win.on('close', (event) => {
    if (o.quitting() || !o.hasTray() || !o.keepInTray()) return
    const state = o.read()
    if (state === null || activeUploads(state.totals) === 0) return
    event.preventDefault()
    win.hide()
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
export function confirmQuit(state: QueueState | null, question: QuitQuestion): boolean {
  if (state === null) return true
  const active = activeUploads(state.totals)
  if (active === 0 || state.paused) return true
  const choice = question.ask({
    message: `${active} upload${active === 1 ? ' is' : 's are'} still running. Quit anyway?`,
    detail: 'They stop now and carry on where they left off the next time Filedock starts.',
    buttons: ['Quit', 'Keep uploading'],
    defaultId: 1,
    cancelId: 1,
  })
  return choice === 0
}
