import { mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { ConflictPolicy } from '../../shared/downloads.ts'
import { inDiskWords } from './disk-errors.ts'
import { type FetchedPart, type FetchPartOptions, fetchPart } from './part-file.ts'
import { findSameFile, type Placed, placeFile } from './place-file.ts'
import { lockPart, partPathOf } from './work-files.ts'

export interface DownloadFileOptions extends FetchPartOptions {
  onConflict: ConflictPolicy
  /** `finishing` once every byte is in the work file and it is being put in place. */
  onPhase?(phase: 'downloading' | 'finishing'): void
}

export type DownloadedFile = Placed & Partial<Omit<FetchedPart, 'part'>>

/**
 * One attempt at one file, from the folder to the file in place: the work file's lock is held from before the
 * first byte until the file has its name, so a second process (another terminal, the app and the CLI) never
 * writes into the same work file, nor finds it complete and places it a second time. That process gets
 * PartInUse; when it tries again, the file is there: "already here", with no request made.
 *
 * A file already at its name (or at a numbered copy) with the expected size ends the attempt the same way,
 * before anything is fetched, unless the policy is overwrite: re-running a download fetches nothing complete.
 */
export async function downloadFile(o: DownloadFileOptions): Promise<DownloadedFile> {
  const part = partPathOf(o.dir, o.localName, o.fileCode)
  const finalPath = join(o.dir, o.localName)
  try {
    const release = await lockPartMakingDir(part, o)
    try {
      if (o.onConflict !== 'overwrite') {
        const here = await findSameFile(o.dir, o.localName, o.size)
        if (here !== null) {
          // A work file left beside a complete file (a kill between the link and the unlink of placeFile).
          await unlink(part).catch(() => {})
          return { path: here, outcome: 'already-here' }
        }
      }
      o.onPhase?.('downloading')
      const fetched = await fetchPart(o)
      o.onPhase?.('finishing')
      const placed = await placeFile(fetched.part, finalPath, o.onConflict, fetched.size)
      const { size, bytesFetched, restarted, validator } = fetched
      return { ...placed, size, bytesFetched, validator, ...(restarted ? { restarted } : {}) }
    } finally {
      await release()
    }
  } catch (err) {
    throw await inDiskWords(err, part, { dir: o.dir, name: o.localName, size: o.size })
  }
}

/**
 * The part's lock, in a folder made only when the lock cannot be made for want of it (not there yet, or removed
 * meanwhile): a folder of 2,000 small files would otherwise pay a mkdir and its stat, two trips to the thread
 * pool, per file (issue 18). A file where a folder should be fails in mkdir, with the error it always had.
 */
async function lockPartMakingDir(part: string, o: DownloadFileOptions): Promise<() => Promise<void>> {
  try {
    return await lockPart(part, o.localName, o.dir)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err
    await mkdir(o.dir, { recursive: true })
    return await lockPart(part, o.localName, o.dir)
  }
}
