import type { Stats } from 'node:fs'
import { link, lstat, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import type { ConflictPolicy } from '../../shared/downloads.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { numberedName } from '../../shared/local-names.ts'
import { DOWNLOAD_OPERATION } from '../api/file-server.ts'
import { syncFolder } from '../durable/folder-sync.ts'
import { localDiskError } from './disk-errors.ts'

/**
 * Finishing a download: the complete work file becomes the file, under the conflict policy as the folder is NOW
 * (not as it was at plan time). Nothing partial ever carries the final name: the work file is checked to hold
 * exactly `size` bytes, and it is renamed (or hard-linked) into place in one step, then the folder is fsynced.
 *
 * Decisions:
 * - A name that holds a file of the same size is this file already (uploads judge by name and size too):
 *   `skip` and `rename` end "already here" and drop the work file; `overwrite` replaces it with the fresh bytes.
 *   For `skip` and `rename` that includes the numbered copies (`name (1).ext`…) a rename may have made before, so
 *   re-running a download that kept both fetches it once, not once per run.
 * - `skip` with another size keeps both, as `rename` does: skipping would leave the user without the file they
 *   asked for, and overwriting loses theirs.
 * - A new name is taken with link(2), which fails when the name exists: a file that appears meanwhile (another
 *   program, another Filedock) is never overwritten. On file systems without hard links (FAT, some network
 *   shares) the check and the rename are two steps, a race of microseconds.
 * - `overwrite` replaces a file or a symbolic link (the link, not what it points to); a folder of that name is
 *   never replaced: that is an error in the user's words.
 */

export type Placement = 'placed' | 'renamed' | 'overwritten' | 'already-here'

export interface Placed {
  /** Where the file is now (for `already-here`, the file that was there). */
  path: string
  outcome: Placement
}

export async function placeFile(
  part: string,
  finalPath: string,
  policy: ConflictPolicy,
  size: number,
): Promise<Placed> {
  const dir = dirname(finalPath)
  const name = basename(finalPath)
  try {
    const partSize = (await lstat(part)).size
    if (partSize !== size) {
      throw translatedError({ kind: 'internal', operation: DOWNLOAD_OPERATION }, PLACE.wrongSize, {
        name,
        partSize,
        size,
      })
    }
    const placed = await place(part, dir, name, policy, size)
    if (placed.outcome === 'already-here') await unlink(part)
    else await syncFolder(dir)
    return placed
  } catch (err) {
    throw (await localDiskError(err, { dir, name, size, written: size })) ?? err
  }
}

async function place(
  part: string,
  dir: string,
  name: string,
  policy: ConflictPolicy,
  size: number,
): Promise<Placed> {
  const target = join(dir, name)
  if (policy === 'overwrite') {
    const there = await lstatOrNull(target)
    if (there?.isDirectory()) throw folderInTheWay(target)
    await rename(part, target)
    return { path: target, outcome: there === null ? 'placed' : 'overwritten' }
  }
  // The name first: when it is free (the common case) nothing of this file can be here, as findSameFile stops at
  // the first name not taken. Only a taken name makes looking for the same file worth its lstats.
  if (await takeName(part, target)) return { path: target, outcome: 'placed' }
  const same = await findSameFile(dir, name, size)
  if (same !== null) return { path: same, outcome: 'already-here' }
  for (let n = 1; ; n++) {
    const candidate = join(dir, numberedName(name, n))
    if (await takeName(part, candidate)) return { path: candidate, outcome: 'renamed' }
  }
}

/**
 * The file of `size` bytes at `name` in `dir`, or at one of its numbered copies (`name (1).ext`…, up to the first
 * number not taken), or null: the download is already here.
 */
export async function findSameFile(dir: string, name: string, size: number): Promise<string | null> {
  for (let n = 0; ; n++) {
    const candidate = join(dir, n === 0 ? name : numberedName(name, n))
    const there = await lstatOrNull(candidate)
    if (there === null) return null
    if (there.isFile() && there.size === size) return candidate
  }
}

/** Renames `part` to `target` unless `target` exists; false when it does. */
async function takeName(part: string, target: string): Promise<boolean> {
  try {
    await link(part, target)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    // No hard links here (FAT, exFAT, some network shares): look, then rename; a race of microseconds.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EMLINK') throw err
    if ((await lstatOrNull(target)) !== null) return false
    await rename(part, target)
    return true
  }
  await unlink(part)
  return true
}

function folderInTheWay(target: string): FiledockError {
  return translatedError({ kind: 'local_disk', operation: DOWNLOAD_OPERATION }, PLACE.folderInTheWay, {
    name: basename(target),
    dir: dirname(target),
  })
}

async function lstatOrNull(path: string): Promise<Stats | null> {
  try {
    return await lstat(path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

const PLACE = defineMessages({
  wrongSize: {
    id: 'errors.download.partWrongSize',
    defaultMessage:
      'The download of {name} holds {partSize, number} bytes instead of {size, number}; it is not put in place.',
  },
  folderInTheWay: {
    id: 'errors.download.folderInTheWay',
    defaultMessage:
      'A folder named {name} is in {dir}, so the download cannot replace it. Rename or move that folder, or choose "keep both", then Retry.',
  },
})
