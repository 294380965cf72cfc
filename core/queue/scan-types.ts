/** Result types of scanPaths (core/queue/scan.ts), in their own file so the helpers can share them. */

import type { ScanProblemKind } from '../../shared/queue.ts'
import type { ProblemText } from './problem-text.ts'
import type { FolderStamp } from './scan-fs.ts'

export type { ScanProblemKind }

export interface ScannedFile {
  /** Absolute path to read the file from (through any symbolic links, as found). */
  path: string
  /** Folders to create for it on the host, from the dropped folder's own name down; [] for a dropped file. */
  relDir: string[]
  /** The name on disk (the API client trims it when sending). */
  name: string
  size: number
  mtimeMs: number
}

/** `message` (with its id and values, problem-text.ts) says, for a person, what is wrong and what to do. */
export interface ScanProblem extends ProblemText {
  /** Absolute path of the entry the problem is about. */
  path: string
  kind: ScanProblemKind
}

export interface ScanResult {
  /** In folder order (see scan-order.ts). */
  files: ScannedFile[]
  /** Every relDir to create, parents first, deduplicated; includes empty folders, which a mirror keeps. */
  folders: string[][]
  /** Sorted by path. */
  problems: ScanProblem[]
  totalBytes: number
}

/**
 * What a scan read, to tell later whether its result still holds (scan-reuse.ts): each folder it listed, with
 * its stamp, and what each given path was.
 */
export interface ScanWitness {
  /** Date.now() when the walk began. */
  startedAt: number
  folders: { path: string; stamp: FolderStamp }[]
  given: { path: string; signature: string }[]
}

export interface ScanOptions {
  /** Default 255 (see scan-names.ts). */
  maxNameLength?: number
  /** Default 100,000: more than that in one drop is almost always a mistake (a home folder, a disk). */
  maxFiles?: number
}
