import type { Dirent, Stats } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { defineMessages } from '@formatjs/intl'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { problemText } from './problem-text.ts'
import {
  checkReadable,
  type FileFacts,
  folderStamp,
  givenSignature,
  notAFile,
  probeFile,
  readFolder,
  statPath,
} from './scan-fs.ts'
import { DEFAULT_MAX_NAME_LENGTH, isJunkFile, isJunkFolder, nameProblem } from './scan-names.ts'
import { compareCodePoints, compareFolderOrder, compareSegments } from './scan-order.ts'
import type { ScannedFile, ScanOptions, ScanProblem, ScanResult, ScanWitness } from './scan-types.ts'

export type {
  ScannedFile,
  ScanOptions,
  ScanProblem,
  ScanProblemKind,
  ScanResult,
  ScanWitness,
} from './scan-types.ts'

/**
 * Turns what the user dropped on the window (or named on the command line) into the files and folders to
 * upload, and the problems to show instead of uploading.
 *
 * - A dropped folder's own name is the first relDir segment; a dropped file has relDir [].
 * - The walk is a work queue, not recursion, so depth is bounded by memory only.
 * - Symbolic links are followed, to files and to folders. A folder reached again below itself (its device and
 *   inode are on the current path) is reported as symlink_loop and not entered; the rest goes on.
 * - Zero-byte files are problems, not uploads: hosts of this family reject or silently drop empty files.
 * - A folder whose name the host cannot take is reported once and not entered: its files would have nowhere to
 *   go on the host, and putting them elsewhere would silently change the structure.
 * - OS bookkeeping files (.DS_Store, Thumbs.db, …) inside dropped folders are skipped without a problem; see
 *   scan-names.ts.
 * - More than maxFiles files (problem entries included) stops the scan, and nothing at all is queued: a
 *   partial upload of a folder that large would leave the user guessing which files were left out.
 * - Paths given twice count once. The same file reached by two routes (a file and its dropped folder, a link)
 *   lands in two places, as it would on a disk.
 */

export const DEFAULT_MAX_FILES = 100_000
/** Longest stretch of synchronous file-system calls before the event loop gets a turn. */
const SLICE_MS = 8

interface FolderFrame {
  path: string
  relDir: string[]
  identity: string
  parent: FolderFrame | null
}

interface Task {
  path: string
  name: string
  parent: FolderFrame | null
  /** From readdir; null for a path given by the user. */
  dirent: Dirent | null
  /** The path the user gave that this entry came from. */
  root: string
}

class Walk {
  readonly files: ScannedFile[] = []
  readonly folders: string[][] = []
  readonly problems: ScanProblem[] = []
  /** Set to the given path being walked when the file limit was passed. */
  overflowAt: string | null = null
  readonly witness: ScanWitness = { startedAt: Date.now(), folders: [], given: [] }
  private readonly queue: Task[] = []
  private head = 0
  private counted = 0

  constructor(
    private readonly maxNameLength: number,
    private readonly maxFiles: number,
  ) {}

  add(task: Task): void {
    this.queue.push(task)
  }

  hasWork(): boolean {
    return this.head < this.queue.length && this.overflowAt === null
  }

  step(): void {
    const task = this.queue[this.head++] as Task
    // Drop what is done now and then, so a long walk does not keep every finished task alive.
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head)
      this.head = 0
    }
    this.visit(task)
  }

  private visit(task: Task): void {
    const problem = this.examine(task)
    if (problem) this.problems.push(problem)
  }

  /** Records the entry (a file, or a folder and its entries to visit) or returns why not. */
  private examine(task: Task): ScanProblem | null {
    const { dirent } = task
    if (dirent?.isFile()) return this.examineFile(task, false)
    if (dirent?.isDirectory()) return this.examineFolder(task)
    if (dirent?.isFIFO() || dirent?.isSocket() || dirent?.isCharacterDevice() || dirent?.isBlockDevice()) {
      return this.examineFile(task, true)
    }
    // A symbolic link, a path given by the user, or a file system that does not report entry types.
    const stats = statPath(task.path)
    if (task.parent === null)
      this.witness.given.push({ path: task.path, signature: givenSignature(stats.ok ? stats.value : null) })
    if (!stats.ok) {
      if (dirent !== null && isJunkFile(task.name)) return null
      return this.count(task) ? stats.problem : null
    }
    if (stats.value.isDirectory()) return this.examineFolder(task)
    return this.examineFile(task, !stats.value.isFile(), stats.value)
  }

  /** Counts one more file-like entry; false (and the walk stops) once there are too many. */
  private count(task: Task): boolean {
    this.counted++
    if (this.counted <= this.maxFiles) return true
    this.overflowAt = task.root
    return false
  }

  /** `known`: the file's stat when it was taken already (saves a system call per file given by path). */
  private examineFile(task: Task, special: boolean, known?: Stats): ScanProblem | null {
    const { path, name } = task
    if (task.dirent !== null && isJunkFile(name)) return null
    if (!this.count(task)) return null
    if (special) return notAFile(path)
    const bad = nameProblem(name, 'file', this.maxNameLength)
    if (bad) return { path, ...bad }
    let facts: FileFacts
    if (known) {
      const unreadable = checkReadable(path)
      if (unreadable) return unreadable
      facts = { isFile: true, size: known.size, mtimeMs: known.mtimeMs }
    } else {
      const probe = probeFile(path)
      if (!probe.ok) return probe.problem
      facts = probe.value
    }
    if (!facts.isFile) return notAFile(path)
    if (facts.size === 0) {
      return { path, kind: 'empty', ...problemText(SCAN.empty) }
    }
    const relDir = task.parent?.relDir ?? []
    this.files.push({ path, relDir, name, size: facts.size, mtimeMs: facts.mtimeMs })
    return null
  }

  private examineFolder(task: Task): ScanProblem | null {
    const { path, name, parent } = task
    if (task.dirent !== null && isJunkFolder(name)) return null
    const bad = nameProblem(name, 'folder', this.maxNameLength)
    if (bad) return { path, ...bad }
    const stamp = folderStamp(path)
    if (!stamp.ok) return stamp.problem
    const identity = stamp.value.identity
    for (let up = parent; up !== null; up = up.parent) {
      if (up.identity !== identity) continue
      return { path, kind: 'symlink_loop', ...problemText(SCAN.loopsBack, { folder: up.path }) }
    }
    const entries = readFolder(path)
    if (!entries.ok) return entries.problem
    this.witness.folders.push({ path, stamp: stamp.value })
    const relDir = [...(parent?.relDir ?? []), name]
    const frame: FolderFrame = { path, relDir, identity, parent }
    this.folders.push(relDir)
    for (const dirent of entries.value) {
      this.add({ path: join(path, dirent.name), name: dirent.name, parent: frame, dirent, root: task.root })
    }
    return null
  }
}

function positiveInt(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || value < 1) {
    throw translatedError({ kind: 'invalid_input' }, SCAN.positive, { field })
  }
  return value
}

export async function scanPaths(paths: readonly string[], opts: ScanOptions = {}): Promise<ScanResult> {
  return (await scanDrop(paths, opts)).result
}

/** scanPaths, and what it read, to tell later whether the result still holds (scan-reuse.ts). */
export async function scanDrop(
  paths: readonly string[],
  opts: ScanOptions = {},
): Promise<{ result: ScanResult; witness: ScanWitness }> {
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) {
    throw translatedError({ kind: 'invalid_input' }, SCAN.paths)
  }
  const walk = new Walk(
    positiveInt(opts.maxNameLength, DEFAULT_MAX_NAME_LENGTH, 'maxNameLength'),
    positiveInt(opts.maxFiles, DEFAULT_MAX_FILES, 'maxFiles'),
  )
  const given = new Set<string>()
  for (const input of paths) {
    if (input === '') {
      walk.problems.push({ path: '', kind: 'not_found', ...problemText(SCAN.emptyPath) })
      continue
    }
    const path = resolve(input)
    if (given.has(path)) continue
    given.add(path)
    walk.add({ path, name: basename(path), parent: null, dirent: null, root: path })
  }

  let sliceStart = performance.now()
  for (let n = 1; walk.hasWork(); n++) {
    walk.step()
    if (n % 32 === 0 && performance.now() - sliceStart > SLICE_MS) {
      await nextTurn()
      sliceStart = performance.now()
    }
  }

  const result =
    walk.overflowAt !== null ? tooMany(walk.overflowAt, opts.maxFiles ?? DEFAULT_MAX_FILES) : assemble(walk)
  return { result, witness: walk.witness }
}

function tooMany(path: string, maxFiles: number): ScanResult {
  const problem: ScanProblem = { path, kind: 'too_many_files', ...problemText(SCAN.tooMany, { maxFiles }) }
  return { files: [], folders: [], problems: [problem], totalBytes: 0 }
}

function assemble(walk: Walk): ScanResult {
  const files = walk.files.map((f) => ({ ...f, relDir: [...f.relDir] })).sort(compareFolderOrder)
  const seen = new Set<string>()
  const folders: string[][] = []
  for (const relDir of walk.folders) {
    const key = relDir.join('\u0000')
    if (seen.has(key)) continue
    seen.add(key)
    folders.push([...relDir])
  }
  folders.sort(compareSegments)
  const problems = walk.problems.sort((a, b) => compareCodePoints(a.path, b.path))
  let totalBytes = 0
  for (const f of files) totalBytes += f.size
  return { files, folders, problems, totalBytes }
}

const SCAN = defineMessages({
  empty: {
    id: 'queue.problem.emptyFile',
    defaultMessage: 'This file is empty (0 bytes). Hosts do not accept empty files, so it was left out.',
  },
  loopsBack: {
    id: 'queue.problem.loopsBack',
    defaultMessage: 'This link leads back to {folder}, a folder that contains it, so it was not followed.',
  },
  emptyPath: { id: 'queue.problem.emptyPath', defaultMessage: 'An empty path was given.' },
  tooMany: {
    id: 'queue.problem.tooManyFiles',
    defaultMessage:
      'There are more than {maxFiles, number} files here, so nothing was added. Add a smaller folder, or fewer files at a time.',
  },
  // `field` is an option's name in the code (maxFiles), as the caller wrote it.
  positive: { id: 'errors.queue.scanOption', defaultMessage: '{field} must be a whole number of 1 or more.' },
  paths: { id: 'errors.queue.scanPaths', defaultMessage: 'scanPaths needs a list of paths.' },
})
