import { statfs } from 'node:fs/promises'
import { dirname } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import type { ErrorValues, FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
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
}

/** The local_disk error for a failed file system call, or null when `err` is not a disk refusal. */
export async function localDiskError(err: unknown, c: DiskFailureContext): Promise<FiledockError | null> {
  const { code, syscall } = (err ?? {}) as NodeJS.ErrnoException
  // Folder and file names are the user's data: values, the same in every language. Sizes are numbers (…Bytes),
  // written where the message is read, in the reader's digits and size units.
  const base: ErrorValues = {
    dir: c.dir,
    name: c.name,
    kept: c.written > 0 ? 'yes' : 'no',
    writtenBytes: c.written,
  }
  let text: ErrorMessage
  let values = base
  // EEXIST only from mkdir (a file where the folder should be); elsewhere (a lock's or a link's name taken) it is
  // not the disk refusing.
  switch (code === 'EEXIST' ? `EEXIST:${syscall}` : code) {
    case 'ENOSPC':
    case 'EDQUOT': {
      const free = await freeBytes(c.dir)
      text = code === 'ENOSPC' ? DISK.full : DISK.quota
      values = {
        ...base,
        room: free === null ? 'no' : 'yes',
        freeBytes: free ?? 0,
        leftBytes: c.size - c.written,
      }
      break
    }
    case 'EACCES':
    case 'EPERM':
      text = DISK.notWritable
      break
    case 'EROFS':
      text = DISK.readOnly
      break
    case 'ENAMETOOLONG':
      text = DISK.nameTooLong
      break
    case 'EFBIG':
      text = DISK.tooBig
      values = { ...base, sizeBytes: c.size }
      break
    case 'ENOTDIR':
    case 'EEXIST:mkdir':
      text = DISK.fileInTheWay
      break
    default:
      return null
  }
  return translatedError({ kind: 'local_disk', operation: DOWNLOAD_OPERATION }, text, values, { cause: err })
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

const DISK = defineMessages({
  full: {
    id: 'errors.disk.full',
    defaultMessage:
      'The disk holding {dir} is full{room, select, yes {: {freeBytes} free, {leftBytes} still to write} other {}} for {name}. Free some space, then Retry.{kept, select, yes { The {writtenBytes} already written are kept: Retry continues from there.} other {}}',
  },
  quota: {
    id: 'errors.disk.quota',
    defaultMessage:
      'Your disk quota on {dir} is used up{room, select, yes {: {freeBytes} free, {leftBytes} still to write} other {}} for {name}. Free some space, then Retry.{kept, select, yes { The {writtenBytes} already written are kept: Retry continues from there.} other {}}',
  },
  notWritable: {
    id: 'errors.disk.notWritable',
    defaultMessage:
      '{dir} is not writable (permission denied) for {name}. Choose another folder or allow writing there, then Retry.{kept, select, yes { The {writtenBytes} already written are kept: Retry continues from there.} other {}}',
  },
  readOnly: {
    id: 'errors.disk.readOnly',
    defaultMessage:
      '{dir} is on a read-only disk; {name} cannot be saved there. Choose another folder, then Retry.{kept, select, yes { The {writtenBytes} already written are kept: Retry continues from there.} other {}}',
  },
  nameTooLong: {
    id: 'errors.disk.nameTooLong',
    defaultMessage:
      'The disk holding {dir} refuses the name {name}: the name or the folder path is too long for it. Choose a folder with a shorter path, then Retry.{kept, select, yes { The {writtenBytes} already written are kept: Retry continues from there.} other {}}',
  },
  tooBig: {
    id: 'errors.disk.tooBig',
    defaultMessage:
      'The disk holding {dir} cannot hold a file of {sizeBytes} ({name}); FAT32 disks hold at most 4 GB per file. Choose a folder on another disk, then Retry.{kept, select, yes { The {writtenBytes} already written are kept: Retry continues from there.} other {}}',
  },
  fileInTheWay: {
    id: 'errors.disk.fileInTheWay',
    defaultMessage:
      'A file is in the way of the folder {dir}, so {name} cannot be saved there. Move that file away, then Retry.{kept, select, yes { The {writtenBytes} already written are kept: Retry continues from there.} other {}}',
  },
})
