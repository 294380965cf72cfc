import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { heldByAnotherProcess, stampPidLock } from '../core/durable/pid-lock.ts'

/**
 * Parallel `filedock upload` / `remote` runs of one user: each run keeps its own queue in a folder of its own
 * (`<queue>/runs/<id>`, locked by the engine while the run lives), so two runs never share a journal and
 * never wait for each other. What a run leaves behind (Ctrl-C, kill -9, failed uploads) stays in its folder;
 * the next run claims every folder whose process is gone and finishes it first.
 *
 * Claiming is a rename to a name of the claiming run: of two runs starting together, only one can move a
 * folder, so a leftover is never finished twice. A folder whose lock names a live process is another run's.
 * A folder is never without its owner's lock: a new one is made under a hidden name with the lock inside and
 * only then given its name, and a claimed one gets the claimer's pid at once (a run starting meanwhile would
 * otherwise take a folder whose engine has not locked it yet, and the two runs would pull it from each other).
 */
const RUNS = 'runs'
const LOCK = 'queue.lock'
/** The single queue earlier versions kept directly in the queue folder. */
const LEGACY_JOURNAL = 'queue.jsonl'

/** A folder name no other run uses: time first, so leftovers are finished oldest first. */
function runFolderName(): string {
  return `${Date.now().toString(36).padStart(9, '0')}-${process.pid}-${randomBytes(4).toString('hex')}`
}

/** A new, empty folder for this run, already locked by this process (the engine takes the lock over). */
export async function newRunFolder(queueDir: string): Promise<string> {
  const name = runFolderName()
  const hidden = join(queueDir, RUNS, `.new-${name}`)
  await mkdir(hidden, { recursive: true, mode: 0o700 })
  await stampPidLock(join(hidden, LOCK))
  const folder = join(queueDir, RUNS, name)
  await rename(hidden, folder)
  return folder
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
    if (await heldByAnotherProcess(join(folder, LOCK))) continue
    const mine = join(queueDir, RUNS, runFolderName())
    try {
      await rename(folder, mine)
    } catch {
      continue // another run claimed it first
    }
    // Ours from this instant: a run listing the folders now finds it held by a live process.
    try {
      await stampPidLock(join(mine, LOCK))
    } catch {
      continue // a run that raced us to it moved it on first
    }
    claimed.push(mine)
  }
  return claimed
}

/** A run's folder once nothing in it is needed: done uploads are in the history; failed ones keep it. */
export async function removeRunFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true })
}

/** Moves the old single queue into a run folder of its own, unless a live process (an old CLI) holds it. */
async function adoptLegacyQueue(queueDir: string): Promise<void> {
  const journal = join(queueDir, LEGACY_JOURNAL)
  if ((await stat(journal).catch(() => null)) === null || (await heldByAnotherProcess(join(queueDir, LOCK))))
    return
  const folder = await newRunFolder(queueDir)
  await rename(journal, join(folder, LEGACY_JOURNAL)).catch(() => undefined)
  await rm(join(queueDir, LOCK), { force: true })
}
