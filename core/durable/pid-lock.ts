import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { resolve } from 'node:path'
import { processAlive } from './process-alive.ts'

/** Lock files held by this process, so a second holder in the same process is refused as well. */
const heldHere = new Set<string>()

/** Who holds the lock, for the caller's error message: "this process" or "process 1234". */
export type LockHolder = string

/**
 * Takes the lock file `file` for this process: it is created holding our pid, and refused (with the error
 * `inUse` makes) while another live process or this one holds it. A lock whose pid is gone was left by a
 * killed process; it is taken over, which is how a restart after kill -9 gets in. Returns the release.
 *
 * Creation is exclusive (O_EXCL), so of two processes starting together one wins. Two processes taking over
 * the same stale lock in the same instant could both get in; that needs a crash and two starts within
 * microseconds, and an OS lock (flock) is not available from Node.
 */
export function acquirePidLock(file: string, inUse: (holder: LockHolder) => Error): () => void {
  const path = resolve(file)
  if (heldHere.has(path)) throw inUse('this process')
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      try {
        writeSync(fd, String(process.pid))
      } finally {
        closeSync(fd)
      }
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 3) throw err
    }
    const pid = readPid(path)
    // An unreadable or empty lock is one whose writer died between creating and writing it.
    if (pid !== null && pid !== process.pid && processAlive(pid)) throw inUse(`process ${pid}`)
    rmSync(path, { force: true })
  }
  heldHere.add(path)
  return () => {
    if (!heldHere.delete(path)) return
    // Only our own lock is removed: a holder that took it over after us must keep it.
    if (readPid(path) === process.pid) rmSync(path, { force: true })
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}
