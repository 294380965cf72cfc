import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type AppSettings, defaultSettings, settingsFromJson } from '../../shared/ipc/settings.ts'
import { writeFileAtomic } from '../durable/atomic-file.ts'
import { SerialQueue } from '../durable/serial-queue.ts'

export const SETTINGS_FILE = 'settings.json'

/**
 * The upload preferences in `settings.json` of the data folder. A missing or damaged file (or field) means the
 * defaults: preferences are not worth refusing to start over. Writes go one after another, and the value in
 * memory changes only once the file is written.
 */
export class SettingsStore {
  private readonly writes = new SerialQueue()

  private constructor(
    private readonly path: string,
    private current: AppSettings,
  ) {}

  static async open(dataDir: string): Promise<SettingsStore> {
    const path = join(dataDir, SETTINGS_FILE)
    let value: unknown = null
    try {
      value = JSON.parse(await readFile(path, 'utf8'))
    } catch {
      value = null // missing or unreadable: defaults, and the next change writes a good file
    }
    return new SettingsStore(path, value === null ? { ...defaultSettings } : settingsFromJson(value))
  }

  get(): AppSettings {
    return { ...this.current }
  }

  update(patch: Partial<AppSettings>): Promise<AppSettings> {
    return this.writes.run(async () => {
      const next = settingsFromJson({ ...this.current, ...patch })
      await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`)
      this.current = next
      return this.get()
    })
  }
}
