import type { App, BrowserWindow } from 'electron'

/**
 * One Filedock at a time (two would write the same settings and sandbox journal). A second launch hands over
 * to the first, which comes to the front, and then quits. Returns false in that second instance.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  window: () => FrontWindow | null | undefined,
): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', () => bringToFront(window()))
  return true
}

type FrontWindow = Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>

/** Restored if minimised, shown, focused: a second launch, a click on a notification. */
export function bringToFront(win: FrontWindow | null | undefined): void {
  if (!win) return
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}
