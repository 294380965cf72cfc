import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Parallel `filedock upload` / `remote` runs of one user: each run keeps its own queue in a folder of its own
 * (`<queue>/runs/<id>`, locked by the engine while the run lives), so two runs never share a journal and
 * never wait for each other. What a run leaves behind (Ctrl-C, kill -9, failed uploads) stays in its folder;
 * the next run claims every folder whose process is gone and finishes it first.
 *
 * Claiming is a rename to a name of the claiming run: of two runs starting together, only one can move a
 * folder, so a leftover is never finished twice. A folder whose lock names a live process is another run's.
 */
const RUNS = 'runs'
const LOCK = 'queue.lock'
/** The single queue earlier versions kept directly in the queue folder. */
const LEGACY_JOURNAL = 'queue.jsonl'

/** A folder name no other run uses: time first, so leftovers are finished oldest first. */
export function newRunFolder(queueDir: string): string {
  const id = `${Date.now().toString(36).padStart(9, '0')}-${process.pid}-${randomBytes(4).toString('hex')}`
  return join(queueDir, RUNS, id)
}

/** The folders of earlier runs that no live process holds, now this run's (renamed), oldest first. */
export async function claimLeftovers(queueDir: string): Promise<string[]> {
  await adoptLegacyQueue(queueDir)
  const names = (await readdir(join(queueDir, RUNS)).catch(() => [] as string[])).filter(
    (n) => !n.startsWith('.'),
  )
  const claimed: string[] = []
  for (const name of names.sort()) {
    const folder = join(queueDir, RUNS, name)
    if (await heldByLiveProcess(folder)) continue
    const mine = newRunFolder(queueDir)
    try {
      await rename(folder, mine)
    } catch {
      continue // another run claimed it first
    }
    // The lock left inside (a dead process's, or none) stays: the engine takes it over when it opens, and a run
    // that raced us to this folder finds it held by us, alive.
    claimed.push(mine)
  }
  return claimed
}

/** A run's folder once nothing in it is needed: done uploads are in the history; failed ones keep it. */
export async function removeRunFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true })
}

async function heldByLiveProcess(folder: string): Promise<boolean> {
  const pid = Number((await readFile(join(folder, LOCK), 'utf8').catch(() => '')).trim())
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Moves the old single queue into a run folder of its own, unless a live process (an old CLI) holds it. */
async function adoptLegacyQueue(queueDir: string): Promise<void> {
  const journal = join(queueDir, LEGACY_JOURNAL)
  if ((await stat(journal).catch(() => null)) === null || (await heldByLiveProcess(queueDir))) return
  const folder = newRunFolder(queueDir)
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await rename(journal, join(folder, LEGACY_JOURNAL)).catch(() => undefined)
  await rm(join(queueDir, LOCK), { force: true })
}
