import { join } from 'node:path'
import { defineMessage } from '@formatjs/intl'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { acquirePidLock, holderValues } from '../durable/pid-lock.ts'

/**
 * One engine per data folder: two writers appending to one journal would both run every item (twice on the
 * host). See pid-lock.ts for how a lock left by a killed process is taken over. Returns the release function.
 */
export async function lockQueueDir(dataDir: string): Promise<() => Promise<void>> {
  return acquirePidLock(join(dataDir, 'queue.lock'), (holder) =>
    translatedError({ kind: 'internal' }, QUEUE_OPEN, { dir: dataDir, ...holderValues(holder) }),
  )
}

const QUEUE_OPEN = defineMessage({
  id: 'errors.queue.alreadyOpen',
  defaultMessage:
    'The upload queue in {dir} is already open in {holder, select, this {this process} other {process {pid}}}; only one Filedock may use it at a time.',
})
