import { open, readFile, rm } from 'node:fs/promises'
import { FiledockError } from '../../shared/errors.ts'

const heldHere = new Set<string>()

/**
 * One watcher per rule (folder, account, target): the app and a `filedock watch` in a terminal watching the same
 * folder would both send every file. The lock file holds the owner's pid; one left by a killed process is taken
 * over, so a restart after kill -9 gets in. Returns the release function.
 */
export async function lockRule(file: string, dir: string): Promise<() => Promise<void>> {
  if (heldHere.has(file)) throw busy(dir, 'this Filedock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600)
      await handle.writeFile(String(process.pid))
      await handle.close()
      heldHere.add(file)
      return async () => {
        if (!heldHere.delete(file)) return
        await rm(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim())
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw busy(dir, `process ${pid}`)
    await rm(file, { force: true }) // left by a process that is gone
  }
  throw busy(dir, 'another Filedock')
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function busy(dir: string, by: string): FiledockError {
  return new FiledockError({
    kind: 'invalid_input',
    message: `${dir} is already being watched for this account by ${by}; one watcher per folder keeps every file sent once.`,
  })
}
