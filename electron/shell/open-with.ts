import { statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'

/**
 * "Open with Filedock" / "Send to Filedock": the files and folders the OS passes on the command line (Linux's
 * %F, Windows' Send To shortcut, a second launch while one runs) or through macOS's open-file event. They are
 * shown in the window, which uploads them only when the person says so; a launch with no usable path only
 * brings the window forward.
 */

/**
 * The paths among a launch's arguments: Chromium and Electron switches (`--…`) and, unpackaged, the app folder
 * Electron was given are not files to upload. Relative paths are taken from the launch's working directory;
 * what does not exist is left out (a stale shortcut, a typo) rather than queued to fail.
 */
export function launchPaths(argv: readonly string[], o: { packaged: boolean; cwd: string }): string[] {
  // argv[0] is the executable; unpackaged, argv[1] is the app folder (`electron .`).
  const args = argv.slice(o.packaged ? 1 : 2)
  const out: string[] = []
  for (const arg of args) {
    if (arg.startsWith('-') || arg.trim() === '') continue
    const path = isAbsolute(arg) ? arg : resolve(o.cwd, arg)
    try {
      statSync(path)
    } catch {
      continue
    }
    if (!out.includes(path)) out.push(path)
  }
  return out
}

export interface OpenWithDeps {
  /**
   * Hands the paths to the window, which shows them and uploads them only when the person says so (the core's
   * Arrivals). Never a queue: nothing from outside the window goes up unasked.
   */
  deliver(paths: string[]): Promise<unknown>
  /** Shows the window (making one if there is none): where the question is asked. */
  showWindow(): void
  log(line: string): void
}

/**
 * Paths arriving before the app is ready (macOS sends open-file before `ready`, the first launch's argv) wait
 * in `pending` and go once ready() is called; later ones go at once. Every launch shows the window.
 */
export class OpenWith {
  private pending: string[] = []
  private isReady = false

  constructor(private readonly d: OpenWithDeps) {}

  open(paths: readonly string[]): void {
    this.d.showWindow()
    if (paths.length === 0) return
    if (!this.isReady) {
      this.pending.push(...paths)
      return
    }
    void this.deliver([...paths])
  }

  ready(): Promise<void> {
    this.isReady = true
    const paths = this.pending
    this.pending = []
    return paths.length === 0 ? Promise.resolve() : this.deliver(paths)
  }

  private async deliver(paths: string[]): Promise<void> {
    try {
      await this.d.deliver(paths)
    } catch (error) {
      this.d.log(
        `Filedock: opening ${paths.length} path(s): ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
}
