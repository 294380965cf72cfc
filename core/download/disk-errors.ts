import { statfs } from 'node:fs/promises'
import { dirname } from 'node:path'
import { FiledockError } from '../../shared/errors.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import type { SizeUnits } from '../../shared/ipc/settings.ts'
import { DOWNLOAD_OPERATION } from '../api/file-server.ts'
import { sizeOf } from './work-files.ts'

/**
 * A download's local disk failures in the user's words: what happened, to which folder, what to do, and that the
 * bytes already written are kept (the work file stays; Retry continues from it). Kind `local_disk`, which the
 * queue's classify fails rather than retries: no retry frees space or changes a folder's permissions.
 */

export interface DiskFailureContext {
  /** The folder the file is being written into. */
  dir: string
  /** The file's local name. */
  name: string
  /** The file's whole size. */
  size: number
  /** Bytes of it already on disk (in the work file). */
  written: number
  units?: SizeUnits | undefined
}

/** The local_disk error for a failed file system call, or null when `err` is not a disk refusal. */
export async function localDiskError(err: unknown, c: DiskFailureContext): Promise<FiledockError | null> {
  const { code, syscall } = (err ?? {}) as NodeJS.ErrnoException
  const b = (n: number) => formatBytes(n, c.units)
  const kept =
    c.written > 0 ? ` The ${b(c.written)} already written are kept: Retry continues from there.` : ''
  let message: string
  // EEXIST only from mkdir (a file where the folder should be); elsewhere (a lock's or a link's name taken) it is
  // not the disk refusing.
  switch (code === 'EEXIST' ? `EEXIST:${syscall}` : code) {
    case 'ENOSPC':
    case 'EDQUOT': {
      const free = await freeBytes(c.dir)
      const what =
        code === 'ENOSPC' ? `The disk holding ${c.dir} is full` : `Your disk quota on ${c.dir} is used up`
      const room = free === null ? '' : `: ${b(free)} free, ${b(c.size - c.written)} still to write`
      message = `${what}${room} for ${c.name}. Free some space, then Retry.${kept}`
      break
    }
    case 'EACCES':
    case 'EPERM':
      message = `${c.dir} is not writable (permission denied) for ${c.name}. Choose another folder or allow writing there, then Retry.${kept}`
      break
    case 'EROFS':
      message = `${c.dir} is on a read-only disk; ${c.name} cannot be saved there. Choose another folder, then Retry.${kept}`
      break
    case 'ENAMETOOLONG':
      message = `The disk holding ${c.dir} refuses the name ${c.name}: the name or the folder path is too long for it. Choose a folder with a shorter path, then Retry.${kept}`
      break
    case 'EFBIG':
      message = `The disk holding ${c.dir} cannot hold a file of ${b(c.size)} (${c.name}); FAT32 disks hold at most 4 GB per file. Choose a folder on another disk, then Retry.${kept}`
      break
    case 'ENOTDIR':
    case 'EEXIST:mkdir':
      message = `A file is in the way of the folder ${c.dir}, so ${c.name} cannot be saved there. Move that file away, then Retry.${kept}`
      break
    default:
      return null
  }
  return new FiledockError({ kind: 'local_disk', message, operation: DOWNLOAD_OPERATION }, { cause: err })
}

/** `err` in localDiskError's words, with the bytes the work file `part` holds now; else `err` as it is. */
export async function inDiskWords(
  err: unknown,
  part: string,
  c: Omit<DiskFailureContext, 'written'>,
): Promise<unknown> {
  return (await localDiskError(err, { ...c, written: await sizeOf(part) })) ?? err
}

/** Bytes an unprivileged user may still write on the disk holding `dir` (its nearest existing folder). */
export async function freeBytes(
  dir: string,
  statfsOf: (dir: string) => Promise<{ bavail: number; bsize: number }> = statfs,
): Promise<number | null> {
  for (let at = dir; ; at = dirname(at)) {
    try {
      const s = await statfsOf(at)
      return s.bavail * s.bsize
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) return null
    }
  }
}
