import { randomBytes } from 'node:crypto'
import { link, open, readFile, readlink, rename, rm, symlink, unlink } from 'node:fs/promises'
import { resolve } from 'node:path'
import { processAlive } from './process-alive.ts'

/** Lock files held by this process, so a second holder in the same process is refused as well. */
const heldHere = new Set<string>()

/** Who holds the lock, for the caller's error message: this very process, or another one by its pid. */
export type LockHolder = { pid: number | null }
export const THIS_PROCESS: LockHolder = { pid: null }

/**
 * A holder as message values, for `{holder, select, this {…} other {… {pid}}}`: each message words it in its
 * language ("this process" is, to the user, this very app or terminal).
 */
export function holderValues(holder: LockHolder): { holder: 'this' | 'other'; pid: number } {
  return holder.pid === null ? { holder: 'this', pid: 0 } : { holder: 'other', pid: holder.pid }
}

/**
 * Takes the lock file `file` for this process: it is created holding our pid, and refused (with the error
 * `inUse` makes) while another live process or this one holds it. A lock whose pid is gone was left by a
 * killed process; it is taken over, which is how a restart after kill -9 gets in. A lock naming this process
 * that it does not hold was stamped by it (stampPidLock) to keep others out until now, and is simply taken.
 * Returns the release.
 *
 * The lock appears whole, in one step that fails if the name exists (so of two processes starting together one
 * wins): a symbolic link whose target is the pid (as Emacs's lock files are), made by one symlink(2). Where
 * symbolic links cannot be made (Windows without the privilege, FAT), the pid is written to a file of our own
 * first, which is then hard-linked to the lock's name. Another process never reads an empty lock that is being
 * written; an empty or garbled one was left by an older, interrupted writer. The symbolic link leaves nothing
 * behind when the process is killed while taking it: the file of our own of the other way, killed between its
 * creation and its removal, stays beside the lock (in a download's folder, a name the user sees), and an
 * asynchronous taker's window for that is several turns of the event loop.
 * Two processes taking over the same stale lock in the same instant could both get in; that needs a crash and
 * two starts within microseconds, and an OS lock (flock) is not available from Node.
 *
 * Asynchronous: the app takes one per download (a work file's lock), up to hundreds a second for small files,
 * and the half-dozen file-system calls of each, run synchronously, held the main process's thread (1.9 s of
 * 14.5 s of its time in a profile of 8 downloads of small files). The name is claimed for this process before
 * the first await, so a second holder in the same process is refused even while the first is still taking it.
 */
export async function acquirePidLock(
  file: string,
  inUse: (holder: LockHolder) => Error,
): Promise<() => Promise<void>> {
  const path = resolve(file)
  if (heldHere.has(path)) throw inUse(THIS_PROCESS)
  heldHere.add(path)
  try {
    for (let attempt = 0; ; attempt++) {
      if (await createWhole(path)) break
      if (attempt > 3)
        throw Object.assign(new Error(`Could not create the lock file ${path}`), { code: 'EEXIST' })
      const pid = await readPid(path)
      if (pid === process.pid) break
      if (pid !== null && processAlive(pid)) throw inUse({ pid })
      await unlinkIfThere(path)
    }
  } catch (err) {
    heldHere.delete(path)
    throw err
  }
  return async () => {
    if (!heldHere.has(path)) return
    // Only our own lock is removed: a holder that took it over after us must keep it.
    if ((await readPid(path)) === process.pid) await unlinkIfThere(path)
    // Given back only once the file is gone: a holder in this process taking it again would otherwise find
    // its own fresh lock removed by this release.
    heldHere.delete(path)
  }
}

/**
 * Writes this process's pid into the lock file `file`, replacing what is there in one step: other processes see
 * it held by us from now on, until this process takes it with acquirePidLock (or exits, leaving it stale). For a
 * folder handed over before the code that locks it runs (a run's new queue folder, one it claims).
 */
export async function stampPidLock(file: string): Promise<void> {
  const path = resolve(file)
  const own = await ownCopy(path)
  try {
    await rename(own, path)
  } catch (err) {
    await rm(own, { force: true })
    throw err
  }
}

/** The pid the lock file names, or null (none there, or garbled). */
export function lockedBy(file: string): Promise<number | null> {
  return readPid(resolve(file))
}

/** Whether the lock file names a live process other than this one. */
export async function heldByAnotherProcess(file: string): Promise<boolean> {
  const pid = await lockedBy(file)
  return pid !== null && pid !== process.pid && processAlive(pid)
}

/** Creates `path` holding our pid, whole; false when the name is taken. */
async function createWhole(path: string): Promise<boolean> {
  if (process.platform !== 'win32') {
    try {
      await symlink(String(process.pid), path)
      return true
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EEXIST') return false
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err
    }
  }
  const own = await ownCopy(path)
  try {
    await link(own, path)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    return false
  } finally {
    await rm(own, { force: true })
  }
}

/** A file beside `path`, of this process only, holding its pid. */
async function ownCopy(path: string): Promise<string> {
  const own = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
  const fh = await open(own, 'wx', 0o600)
  try {
    await fh.write(String(process.pid))
  } finally {
    await fh.close()
  }
  return own
}

/** The pid a lock names: the target of a symbolic link, or the text of a file (the other way, older versions). */
async function readPid(path: string): Promise<number | null> {
  try {
    const pid = Number((await readlink(path).catch(() => readFile(path, 'utf8'))).trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

async function unlinkIfThere(path: string): Promise<void> {
  try {
    await unlink(path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
}
