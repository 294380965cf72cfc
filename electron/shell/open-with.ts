import { statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import type { DropTarget, EnqueueResult } from '../../shared/queue.ts'

/**
 * "Open with Filedock" / "Send to Filedock": the files and folders the OS passes on the command line (Linux's
 * %F, Windows' Send To shortcut, a second launch while one runs) or through macOS's open-file event. The paths
 * go up like a drop into the active account; a launch with no usable path only brings the window forward.
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
   * Where launched paths go: the active account's open folder (as the window reports it), else its root; null
   * when there is no account yet.
   */
  target(): DropTarget | null
  enqueue(paths: string[], target: DropTarget): Promise<EnqueueResult>
  /** Tells the user what happened (a notification): queued, or why not. */
  notify(title: string, body: string): void
  focusWindow(): void
  log(line: string): void
}

/**
 * Paths arriving before the app is ready (macOS sends open-file before `ready`, the first launch's argv) wait
 * in `pending` and go once ready() is called; later ones go at once.
 */
export class OpenWith {
  private pending: string[] = []
  private isReady = false

  constructor(private readonly d: OpenWithDeps) {}

  open(paths: readonly string[]): void {
    if (paths.length === 0) {
      this.d.focusWindow()
      return
    }
    if (!this.isReady) {
      this.pending.push(...paths)
      return
    }
    void this.send([...paths])
  }

  ready(): Promise<void> {
    this.isReady = true
    const paths = this.pending
    this.pending = []
    return paths.length === 0 ? Promise.resolve() : this.send(paths)
  }

  private async send(paths: string[]): Promise<void> {
    this.d.focusWindow()
    const target = this.d.target()
    if (target === null) {
      this.d.notify('Nothing was uploaded', 'Add an account in Filedock first, then send the files again.')
      return
    }
    try {
      const result = await this.d.enqueue(paths, target)
      const left = result.problems.filter((p) => p.kind !== 'storage_unchecked').length
      const body =
        result.accepted === 0
          ? (result.problems[0]?.message ?? 'Nothing could be queued.')
          : `${result.accepted} file${result.accepted === 1 ? '' : 's'} queued for upload${left > 0 ? `, ${left} left out` : ''}.`
      this.d.notify(result.accepted === 0 ? 'Nothing was uploaded' : 'Uploading', body)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      this.d.log(`Filedock: opening ${paths.length} path(s): ${message}`)
      this.d.notify('Nothing was uploaded', message)
    }
  }
}
