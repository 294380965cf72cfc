import type { FiledockErrorData } from './errors.ts'

/**
 * What the app's updater is doing, as the window shows it (Settings → Updates, and the "ready" prompt). Main owns
 * the state (core/updates/update-service.ts); the browser host has no updater and says why.
 */
export type UpdateStatus =
  /**
   * This copy cannot update itself: a development run (`npm start`), an app not installed by one of Filedock's
   * updatable installers (an unpacked folder), or the browser host (it runs from a checkout).
   */
  | { state: 'unavailable'; reason: 'development' | 'no-installer' | 'browser-host' }
  /**
   * The portable Windows build: it never checks (it is replaced by hand, like any file on a stick) and keeps its
   * data in `dataDir`, beside the executable.
   */
  | { state: 'portable'; dataDir: string }
  /** Up to date as far as known: the last check's time (ms since 1970), null before the first. */
  | { state: 'idle'; checkedAt: number | null }
  | { state: 'checking' }
  /** A newer version is being downloaded in the background; `percent` 0 to 100. */
  | { state: 'downloading'; version: string; percent: number }
  /**
   * Downloaded and its sha512 checked against the feed's. Nothing installs before the person answers the prompt
   * ("Filedock X.Y.Z is ready: Restart now / On quit"): `installOnQuit` false until "On quit" is chosen.
   */
  | { state: 'ready'; version: string; installOnQuit: boolean }
  /**
   * The last check or download failed, in words for the person; the next try is at `retryAt` (ms since 1970),
   * or null when checks are off (the failed one was asked for).
   */
  | {
      state: 'error'
      /** English (logs); `error` carries the same with its message id, for the window's language. */
      message: string
      error?: FiledockErrorData
      retryAt: number | null
    }
