import {
  type BigIntStats,
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  type Stats,
  statSync,
} from 'node:fs'
import { defineMessages } from '@formatjs/intl'
import { problemText } from './problem-text.ts'
import type { ScanProblem } from './scan-types.ts'

/**
 * The file-system probes of the scan, synchronous on purpose. Measured with 10,000 files on the 2-core
 * development machine (busy with other test runs): fs.promises stat + readability check with 64 in flight took
 * 0.65–1.3 s (the 4-thread libuv pool and its hand-offs dominate), the same calls made synchronously 0.09–0.15 s. scan.ts runs them in time slices of a
 * few milliseconds and yields to the event loop between slices, so the main process stays responsive.
 */

export type Probe<T> = { ok: true; value: T } | { ok: false; problem: ScanProblem }

const fail = (problem: ScanProblem): { ok: false; problem: ScanProblem } => ({ ok: false, problem })

// O_NONBLOCK: if a regular file was swapped for a FIFO after readdir, open must not wait for a writer.
// Windows has no O_NONBLOCK (and no FIFOs in the file system).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'UNKNOWN'
}

/** Turns a failed system call on `path` into a problem a person can act on. */
export function problemFromError(
  path: string,
  error: unknown,
  what: 'file' | 'folder' | 'item',
): ScanProblem {
  const code = errorCode(error)
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return notFound(path, what)
    case 'ELOOP':
      return { path, kind: 'symlink_loop', ...problemText(FS.symlinkLoop) }
    case 'EACCES':
    case 'EPERM':
      return { path, kind: 'unreadable', ...problemText(FS.notAllowed, { what, code }) }
    case 'ENAMETOOLONG':
      return { path, kind: 'name_too_long', ...problemText(FS.pathTooLong) }
    default:
      return { path, kind: 'unreadable', ...problemText(FS.unreadable, { what, code }) }
  }
}

function notFound(path: string, what: 'file' | 'folder' | 'item'): ScanProblem {
  // readdir decodes names as UTF-8; a name with bytes that are not UTF-8 comes back with U+FFFD in it and no
  // longer names the entry, so every later call says "not found". Tell the person the real reason.
  if (path.includes('\uFFFD')) {
    return { path, kind: 'unreadable', ...problemText(FS.notUtf8, { what }) }
  }
  let dangling = false
  try {
    dangling = lstatSync(path).isSymbolicLink()
  } catch {
    // Not there at all.
  }
  return dangling
    ? { path, kind: 'not_found', ...problemText(FS.danglingLink) }
    : { path, kind: 'not_found', ...problemText(FS.nothingThere) }
}

/**
 * What a path given by the person was when it was scanned: gone (or unreadable), a folder (its own stamp says
 * more), or a file of this size and time. The same words for the scan and its re-check, from the same stat.
 */
export function givenSignature(stats: Stats | null): string {
  if (stats === null) return 'absent'
  if (stats.isDirectory()) return 'folder'
  return stats.isFile() ? `file:${stats.size}:${stats.mtimeMs}` : 'other'
}

/** stat, following symbolic links. */
export function statPath(path: string): Probe<Stats> {
  try {
    return { ok: true, value: statSync(path) }
  } catch (error) {
    return fail(problemFromError(path, error, 'item'))
  }
}

/** What a folder is (device and inode) and when its entries last changed. */
export interface FolderStamp {
  identity: string
  /** Nanoseconds: the file system's own precision, so two stamps compare exactly. */
  mtimeNs: bigint
}

/**
 * A folder's stamp: its identity recognises it again further down the walk, and with its time tells whether its
 * entries are still the ones read (scan-reuse.ts). BigInt: inode numbers can exceed 2^53 (Windows file ids,
 * some network file systems).
 */
export function folderStamp(path: string): Probe<FolderStamp> {
  try {
    const s: BigIntStats = statSync(path, { bigint: true })
    return { ok: true, value: { identity: `${s.dev}:${s.ino}`, mtimeNs: s.mtimeNs } }
  } catch (error) {
    return fail(problemFromError(path, error, 'folder'))
  }
}

export interface FileFacts {
  isFile: boolean
  size: number
  mtimeMs: number
}

/**
 * Opens the file for reading and closes it again: the honest readability check (fs.access says yes to root,
 * and on macOS to files that privacy protection then refuses to open), and size and time come from the same
 * open file, so they describe what was checked.
 */
export function probeFile(path: string): Probe<FileFacts> {
  let fd: number
  try {
    fd = openSync(path, READ_FLAGS)
  } catch (error) {
    return fail(problemFromError(path, error, 'file'))
  }
  try {
    const s = fstatSync(fd)
    return { ok: true, value: { isFile: s.isFile(), size: s.size, mtimeMs: s.mtimeMs } }
  } catch (error) {
    return fail(problemFromError(path, error, 'file'))
  } finally {
    closeSync(fd)
  }
}

/** The readability check alone, for a file already stat'ed. */
export function checkReadable(path: string): ScanProblem | null {
  try {
    closeSync(openSync(path, READ_FLAGS))
    return null
  } catch (error) {
    return problemFromError(path, error, 'file')
  }
}

export function readFolder(path: string): Probe<Dirent[]> {
  try {
    return { ok: true, value: readdirSync(path, { withFileTypes: true }) }
  } catch (error) {
    return fail(problemFromError(path, error, 'folder'))
  }
}

export function notAFile(path: string): ScanProblem {
  return { path, kind: 'not_a_file', ...problemText(FS.notAFile) }
}

const FS = defineMessages({
  symlinkLoop: {
    id: 'queue.problem.symlinkLoop',
    defaultMessage: 'This is a symbolic link that points to itself, or a chain of links that never ends.',
  },
  notAllowed: {
    id: 'queue.problem.notAllowed',
    defaultMessage:
      'Filedock is not allowed to read this {what, select, file {file} folder {folder} other {item}} ({code}).',
  },
  pathTooLong: {
    id: 'queue.problem.pathTooLong',
    defaultMessage: 'This path is too long for the operating system.',
  },
  unreadable: {
    id: 'queue.problem.unreadable',
    defaultMessage:
      'This {what, select, file {file} folder {folder} other {item}} could not be read ({code}).',
  },
  notUtf8: {
    id: 'queue.problem.notUtf8',
    defaultMessage:
      "This {what, select, file {file's} folder {folder's} other {item's}} name is not valid UTF-8 text, so it cannot be opened by name. Rename it.",
  },
  danglingLink: {
    id: 'queue.problem.danglingLink',
    defaultMessage: 'This symbolic link points to something that does not exist.',
  },
  nothingThere: { id: 'queue.problem.nothingThere', defaultMessage: 'Nothing is at this path (any more).' },
  notAFile: {
    id: 'queue.problem.notAFile',
    defaultMessage: 'This is not a regular file (a socket, pipe or device), so it cannot be uploaded.',
  },
})
