import { bringToFront, type FrontWindow } from './single-instance.ts'

export interface KeptWindow extends FrontWindow {
  once(event: 'closed', listener: () => void): unknown
  isDestroyed(): boolean
}

/**
 * The one app window, opened again whenever it is asked for and there is none: the Dock icon, a second launch,
 * Open with / Send to, the tray's Open, a notification's click. Two asks while one window is being made get that
 * same window, never two.
 */
export class WindowKeeper<W extends KeptWindow> {
  private window: W | null = null
  private opening: Promise<W> | null = null

  constructor(private readonly open: () => Promise<W>) {}

  /** The window, or null when there is none (or it is still being made). */
  current(): W | null {
    return this.window !== null && !this.window.isDestroyed() ? this.window : null
  }

  /** Shows the window (restored, un-hidden, focused), making one first if there is none. */
  async show(): Promise<W> {
    const existing = this.current()
    if (existing !== null) {
      bringToFront(existing)
      return existing
    }
    this.opening ??= this.open().then(
      (win) => {
        this.window = win
        this.opening = null
        win.once('closed', () => {
          if (this.window === win) this.window = null
        })
        return win
      },
      (error: unknown) => {
        this.opening = null
        throw error
      },
    )
    return this.opening
  }
}
