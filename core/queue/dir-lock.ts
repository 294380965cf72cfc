import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FiledockError } from '../../shared/errors.ts'

const heldHere = new Set<string>()

/**
 * One engine per data folder: two writers appending to one journal would both run every item (twice on the
 * host). The lock file holds the owner's pid; a lock left by a killed process (pid gone) is taken over, which is
 * how a restart after kill -9 gets in. Returns the release function.
 */
export async function lockQueueDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, 'queue.lock')
  if (heldHere.has(file)) throw inUse(dataDir, 'this process')
  try {
    const pid = Number(await readFile(file, 'utf8'))
    if (pid !== process.pid && Number.isInteger(pid) && pid > 0 && alive(pid))
      throw inUse(dataDir, `process ${pid}`)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  await writeFile(file, String(process.pid))
  heldHere.add(file)
  return async () => {
    if (!heldHere.delete(file)) return
    await rm(file, { force: true })
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function inUse(dataDir: string, by: string): FiledockError {
  return new FiledockError({
    kind: 'internal',
    message: `The upload queue in ${dataDir} is already open in ${by}; only one Filedock may use it at a time.`,
  })
}
