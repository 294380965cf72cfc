import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppAdapter } from 'electron-updater/out/AppAdapter'

/**
 * A stand-in for Electron's `app` as electron-updater sees it (its AppAdapter): a packaged Filedock of
 * `version` whose resources hold the app-update.yml electron-builder writes from electron-builder.yml's
 * `publish`, here pointing at `feedUrl`.
 */
export async function fakeApp(dir: string, o: { version: string; feedUrl: string }): Promise<FakeApp> {
  const resources = join(dir, 'resources')
  await mkdir(resources, { recursive: true })
  const config = join(resources, 'app-update.yml')
  await writeFile(config, `provider: generic\nurl: ${o.feedUrl}\nupdaterCacheDirName: filedock-updater\n`)
  return new FakeApp(o.version, config, join(dir, 'user-data'), join(dir, 'cache'))
}

export class FakeApp implements AppAdapter {
  readonly name = 'Filedock'
  readonly isPackaged = true
  readonly quitHandlers: Array<(exitCode: number) => void> = []
  quits = 0

  constructor(
    readonly version: string,
    readonly appUpdateConfigPath: string,
    readonly userDataPath: string,
    readonly baseCachePath: string,
  ) {}

  async whenReady(): Promise<void> {}
  relaunch(): void {}
  quit(): void {
    this.quits++
  }
  onQuit(handler: (exitCode: number) => void): void {
    this.quitHandlers.push(handler)
  }
}
