import path from 'node:path'
import { acquirePidLock } from '../core/durable/pid-lock.ts'

/**
 * One sandbox per data folder: two writers on one journal would interleave and corrupt it. See pid-lock.ts for
 * how a lock left by a killed process is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  return acquirePidLock(
    path.join(dataDir, 'lock'),
    (holder) =>
      new Error(
        `sandbox data folder ${dataDir} is already in use by ${holder.pid === null ? 'this process' : `process ${holder.pid}`}`,
      ),
  )
}
