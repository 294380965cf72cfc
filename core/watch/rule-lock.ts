import { defineMessages } from '@formatjs/intl'
import type { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { acquirePidLock, holderValues, type LockHolder } from '../durable/pid-lock.ts'

/**
 * One watcher per rule (folder, account, target): the app and a `filedock watch` in a terminal watching the same
 * folder would both send every file. The project's pid lock (core/durable/pid-lock.ts): the lock file appears
 * with its owner's pid already in it, so a second watcher starting in the same instant is refused, and one left by
 * a killed process is taken over, so a restart after kill -9 gets in. Returns the release function.
 */
export async function lockRule(file: string, dir: string): Promise<() => Promise<void>> {
  return acquirePidLock(file, (holder) => busy(dir, holder))
}

function busy(dir: string, holder: LockHolder): FiledockError {
  return translatedError({ kind: 'invalid_input' }, TEXT.busy, { dir, ...holderValues(holder) })
}

const TEXT = defineMessages({
  busy: {
    id: 'errors.watch.busy',
    defaultMessage:
      '{dir} is already being watched for this account by {holder, select, this {this Filedock} other {process {pid}}}; one watcher per folder keeps every file sent once.',
  },
})
