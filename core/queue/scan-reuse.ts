import { setImmediate as nextTurn } from 'node:timers/promises'
import { scanDrop } from './scan.ts'
import { folderStamp, givenSignature, statPath } from './scan-fs.ts'
import type { ScanOptions, ScanResult, ScanWitness } from './scan-types.ts'

/**
 * A drop is scanned once. The window asks how many of a drop's files are already in their folders
 * (countAlreadyThere), then queues the same drop (enqueuePaths); the second call takes the first one's scan
 * instead of walking the tree again, when nothing the scan read has changed since.
 *
 * Decisions:
 * - Kept per drop (its paths, as given), for the next enqueue of those paths only, and for ten minutes at most
 *   (the question may stay open a while; past that the drop is scanned again). Two drops at most are kept: a
 *   scan of 100,000 files is tens of megabytes.
 * - Still true when every folder it listed has the same identity (device, inode) and time of last change, and
 *   every path given is what it was (gone, a folder, or a file of the same size and time): one stat each, no
 *   listing. A file added to or removed from any folder changes that folder's time, so the drop is scanned
 *   again: an added file is queued, a removed one is simply not (the batch does not fail on it).
 * - Not kept at all when a folder changed within RACY_MS before the scan began: a file system that keeps times
 *   to the second or two (FAT, HFS+, some network shares) would give a change made just after the scan the same
 *   time, and it would go unseen. A folder written a moment ago is scanned again; one that has sat still is not.
 *   (A file server whose clock runs behind this computer's by more than RACY_MS could still hide a change made
 *   in the same second as the scan; no stat can tell.)
 * - A file changed in place (same name, new content) does not change its folder's time, so the queued item keeps
 *   the size and time seen when the question was asked. The send's source check (source-check.ts) then reports
 *   it as changed after it was queued, as it does for any change between queueing and sending.
 */
const KEEP_MS = 10 * 60_000
const KEEP_DROPS = 2
const RACY_MS = 2_000

interface Kept {
  result: ScanResult
  witness: ScanWitness
  at: number
}

export class DropScans {
  private readonly kept = new Map<string, Kept>()

  constructor(
    private readonly options: ScanOptions | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Scans a drop the person is about to be asked about, and keeps the scan for its enqueue. */
  async forQuestion(paths: readonly string[]): Promise<ScanResult> {
    const { result, witness } = await scanDrop(paths, this.options)
    const key = keyOf(paths)
    this.kept.delete(key)
    if (!hasRacyFolder(witness)) {
      this.kept.set(key, { result, witness, at: this.clock() })
      for (const old of this.kept.keys()) if (this.kept.size > KEEP_DROPS) this.kept.delete(old)
    }
    return result
  }

  /** The drop's files for queueing: the kept scan when it still holds, else a new one. */
  async forEnqueue(paths: readonly string[]): Promise<ScanResult> {
    const key = keyOf(paths)
    const kept = this.kept.get(key)
    this.kept.delete(key)
    if (kept !== undefined && this.clock() - kept.at < KEEP_MS && (await stillAsRead(kept.witness)))
      return kept.result
    return (await scanDrop(paths, this.options)).result
  }
}

const keyOf = (paths: readonly string[]) => JSON.stringify(paths)

function hasRacyFolder(w: ScanWitness): boolean {
  const racyFrom = BigInt(w.startedAt - RACY_MS) * 1_000_000n
  return w.folders.some((f) => f.stamp.mtimeNs >= racyFrom)
}

/** One stat per given path and per folder listed (a turn of the event loop every 512), no listing. */
async function stillAsRead(w: ScanWitness): Promise<boolean> {
  let n = 0
  const breathe = async () => {
    if (++n % 512 === 0) await nextTurn()
  }
  for (const g of w.given) {
    const now = statPath(g.path)
    if (givenSignature(now.ok ? now.value : null) !== g.signature) return false
    await breathe()
  }
  for (const f of w.folders) {
    const now = folderStamp(f.path)
    if (!now.ok || now.value.identity !== f.stamp.identity || now.value.mtimeNs !== f.stamp.mtimeNs)
      return false
    await breathe()
  }
  return true
}
