import type { App, BrowserWindow } from 'electron'
import { launchPaths } from './open-with.ts'

/**
 * One Filedock at a time (two would write the same settings and sandbox journal). A second launch hands over
 * to the first, which shows its window (making one if it has none: "Keep uploading" left the app running with
 * every window closed), and then quits. Returns false in that second instance.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  showWindow: () => void,
  openWith?: { packaged: boolean; onPaths(paths: string[]): void },
): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', (_event, argv, workingDirectory) => {
    showWindow()
    // `filedock-app FILES…` while Filedock runs: the files go to the running one (open-with.ts).
    if (openWith) openWith.onPaths(launchPaths(argv, { packaged: openWith.packaged, cwd: workingDirectory }))
  })
  return true
}

export type FrontWindow = Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>

/** Restored if minimised, shown, focused: a second launch, a click on a notification. */
export function bringToFront(win: FrontWindow | null | undefined): void {
  if (!win) return
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}
