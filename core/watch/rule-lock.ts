import { FiledockError } from '../../shared/errors.ts'
import { acquirePidLock, THIS_PROCESS } from '../durable/pid-lock.ts'

/**
 * One watcher per rule (folder, account, target): the app and a `filedock watch` in a terminal watching the same
 * folder would both send every file. The project's pid lock (core/durable/pid-lock.ts): the lock file appears
 * with its owner's pid already in it, so a second watcher starting in the same instant is refused, and one left by
 * a killed process is taken over, so a restart after kill -9 gets in. Returns the release function.
 */
export async function lockRule(file: string, dir: string): Promise<() => Promise<void>> {
  const release = acquirePidLock(file, (holder) =>
    // The lock held in this process is, to the user, this very app or terminal.
    busy(dir, holder === THIS_PROCESS ? 'this Filedock' : holder),
  )
  return async () => release()
}

function busy(dir: string, by: string): FiledockError {
  return new FiledockError({
    kind: 'invalid_input',
    message: `${dir} is already being watched for this account by ${by}; one watcher per folder keeps every file sent once.`,
  })
}
