import { join } from 'node:path'
import { FiledockError } from '../../shared/errors.ts'
import { acquirePidLock } from '../durable/pid-lock.ts'

/**
 * One engine per data folder: two writers appending to one journal would both run every item (twice on the
 * host). See pid-lock.ts for how a lock left by a killed process is taken over. Returns the release function.
 */
export async function lockQueueDir(dataDir: string): Promise<() => Promise<void>> {
  const release = acquirePidLock(
    join(dataDir, 'queue.lock'),
    (holder) =>
      new FiledockError({
        kind: 'internal',
        message: `The upload queue in ${dataDir} is already open in ${holder}; only one Filedock may use it at a time.`,
      }),
  )
  return async () => release()
}
