import fs from 'node:fs'
import path from 'node:path'

const heldHere = new Set<string>()

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * One sandbox per data folder: two writers on one journal would interleave and corrupt it. The lock file holds
 * the owner's pid; a lock left by a killed process (pid gone) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'lock')
  if (heldHere.has(file)) throw new Error(`sandbox data folder ${dataDir} is already in use by this process`)
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'))
    if (pid !== process.pid && Number.isInteger(pid) && pid > 0 && alive(pid)) {
      throw new Error(`sandbox data folder ${dataDir} is in use by process ${pid}`)
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  fs.writeFileSync(file, String(process.pid))
  heldHere.add(file)
  return () => {
    if (!heldHere.delete(file)) return
    fs.rmSync(file, { force: true })
  }
}
