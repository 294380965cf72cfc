import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultDataDir } from '../core/app/data-dir.ts'
import { type SizeUnits, sizeUnitsSchema } from '../shared/ipc/settings.ts'

/** settings.json of the app's data folder (SETTINGS_FILE of core/app/settings-store.ts, not imported: it writes). */
const APP_SETTINGS_FILE = 'settings.json'

/**
 * The units the CLI prints sizes in: the app's size unit setting, read from the app's data folder (the one whose
 * accounts and history the CLI shares), so a terminal and the window beside it count one file alike. Decimal
 * (KB, MB: the macOS and web convention) when the app has no setting or its file cannot be read; a damaged file
 * is not worth failing an upload over.
 */
export function cliSizeUnits(env: NodeJS.ProcessEnv): SizeUnits {
  try {
    const saved = JSON.parse(readFileSync(join(defaultDataDir(env), APP_SETTINGS_FILE), 'utf8')) as unknown
    const units = sizeUnitsSchema.safeParse((saved as { sizeUnits?: unknown } | null)?.sizeUnits)
    return units.success ? units.data : 'decimal'
  } catch {
    return 'decimal'
  }
}
