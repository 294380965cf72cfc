import type { App, BrowserWindow } from 'electron'

/**
 * One Filedock at a time (two would write the same settings and sandbox journal). A second launch hands over
 * to the first, which comes to the front, and then quits. Returns false in that second instance.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  window: () => Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'> | null | undefined,
): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', () => {
    const win = window()
    if (!win) return
    if (win.isMinimized()) win.restore()
    win.show()
    win.focus()
  })
  return true
}
