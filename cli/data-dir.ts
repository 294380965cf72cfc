import { join, resolve } from 'node:path'
import { defaultDataDir } from '../core/app/data-dir.ts'

export const DATA_ENV = 'FILEDOCK_DATA'
/** The app's history folder, HISTORY_DIR of core/app/upload-queue.ts (not imported: `--help` stays light). */
const APP_HISTORY_DIR = 'history'

/** Where `filedock upload` / `remote` keep their state. */
export interface CliDataDirs {
  /** The upload queue's journal and lock (core/queue). */
  queueDir: string
  /** The upload history (core/history). */
  historyDir: string
}

/**
 * `--data DIR` (or $FILEDOCK_DATA) holds everything: DIR/queue and DIR/history. Without it the CLI uses the app's
 * per-user data folder (core/app/data-dir.ts, itself overridable with FILEDOCK_DATA_DIR): its history, so uploads
 * made from the command line show in the app's history, but a queue of its own (`cli-queue`): a queue folder is
 * locked by the one process that runs it, and the CLI must work while the app is open.
 */
export function cliDataDirs(env: NodeJS.ProcessEnv, flag: string | undefined): CliDataDirs {
  const chosen = flag ?? env[DATA_ENV]
  if (chosen !== undefined && chosen.trim() !== '') {
    const root = resolve(chosen)
    return { queueDir: join(root, 'queue'), historyDir: join(root, 'history') }
  }
  const app = defaultDataDir(env)
  return { queueDir: join(app, 'cli-queue'), historyDir: join(app, APP_HISTORY_DIR) }
}
