import type { Dirent } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { join, sep } from 'node:path'
import pLimit from 'p-limit'
import type { ConflictPolicy } from '../../shared/downloads.ts'
import { localNameKey, numberedName, safeLocalName, safeRelDir } from '../../shared/local-names.ts'
import { freeBytes, localDiskError } from './disk-errors.ts'
import { PART_SUFFIX, partNameOf } from './work-files.ts'

/**
 * The local side of a download plan: for each of the host's files, its safe path under `dir` and what is there
 * already. Re-running a download fetches nothing complete, and `--dry-run` shows this without touching anything.
 *
 * Fast for 100,000 files: one readdir per target folder (none under a folder that does not exist), and a stat
 * only for names the listing shows taken (to read a size), never one per file. A fresh download of 100,000 files
 * into an empty folder costs one readdir and one statfs. Per file, only its safe name and path are made: a
 * folder's safe path once per folder, a work file's name only in a folder that holds work files, one object.
 *
 * Decisions:
 * - A file of the same name and size at the path is the file, "already here", whatever the policy (as uploads
 *   judge by name and size). With `skip` and `rename`, so is a numbered copy (`name (1).ext`…) of that size, which
 *   a "keep both" run made before: placeFile decides the same way at finishing time.
 * - A name taken by another size (or by a folder) is a conflict; the policy says what finishing will do.
 * - Two of the host's files that land on one local name (hosts allow twins in a folder, and making names safe can
 *   merge `a:b` and `a_b`): the first, in the order given, keeps the name; each other gets its file code,
 *   `name (<code>).ext`, so the same file gets the same name on every run, whichever order they finish in.
 *   Names are compared as `platform`'s file systems usually do (case-blind on Windows and macOS).
 */

export interface HostFile {
  code: string
  /** The host's name. */
  name: string
  size: number
  /** The host's folder names from the download's root down to the file's folder. */
  relDir: readonly string[]
}

export type LocalState = 'new' | 'resume' | 'conflict' | 'already-here'

export interface PlannedFile {
  code: string
  size: number
  /** The folder the file goes into (`dir` and the safe relDir). */
  dir: string
  relDir: string[]
  localName: string
  /** The host's name, when the local name differs from it. */
  renamedFrom?: string
  /** Where the file goes; for `already-here`, where it is. */
  path: string
  state: LocalState
  /** Bytes already in the work file (a download to resume); 0 when there is none. */
  partBytes: number
  /** For a conflict: the size of the file in the way, or null when a folder has the name. */
  existingSize?: number | null
}

export interface LocalPlan {
  files: PlannedFile[]
  toFetch: number
  alreadyHere: number
  conflicts: number
  /** Bytes still to come over the network (work files counted). */
  bytesToFetch: number
  bytesAlreadyHere: number
  /** Free space on the disk holding `dir` (its nearest existing folder); null when it cannot be read. */
  freeBytes: number | null
}

/** The file system calls a plan makes, so a test can count them. */
export interface PlanFs {
  readdir(dir: string): Promise<Dirent[]>
  lstat(path: string): Promise<{ size: number; isFile(): boolean }>
  statfs(dir: string): Promise<{ bavail: number; bsize: number }>
}

const nodeFs: PlanFs = {
  readdir: (dir) => fsp.readdir(dir, { withFileTypes: true }),
  lstat: (path) => fsp.lstat(path),
  statfs: (dir) => fsp.statfs(dir),
}

/** stats in flight at once: enough to keep the disk busy, few enough not to fill libuv's pool for long. */
const STATS_AT_ONCE = 32

export async function localPlan(
  files: readonly HostFile[],
  dir: string,
  policy: ConflictPolicy,
  platform: string = process.platform,
  fs: PlanFs = nodeFs,
): Promise<LocalPlan> {
  const { planned, folderOf, folders } = nameFiles(files, dir, platform)
  await listFolders(folders, dir, platform, fs)
  const limit = pLimit(STATS_AT_ONCE)
  const sizeOf = (path: string) => limit(async () => (await fs.lstat(path)).size)
  // Every file starts out new; only those whose name (or work file's name) is taken wait for a stat.
  const taken: Promise<void>[] = []
  planned.forEach((f, i) => {
    const judged = judge(f, folderOf[i] as Folder, policy, platform, sizeOf)
    if (judged !== null)
      taken.push(
        judged.then((p) => {
          planned[i] = p
        }),
      )
  })
  await Promise.all(taken)
  const plan: LocalPlan = {
    files: planned,
    toFetch: 0,
    alreadyHere: 0,
    conflicts: 0,
    bytesToFetch: 0,
    bytesAlreadyHere: 0,
    freeBytes: await freeBytes(dir, fs.statfs),
  }
  for (const f of planned) {
    if (f.state === 'already-here') {
      plan.alreadyHere++
      plan.bytesAlreadyHere += f.size
      continue
    }
    plan.toFetch++
    if (f.state === 'conflict') plan.conflicts++
    plan.bytesToFetch += f.size - Math.min(f.partBytes, f.size)
  }
  return plan
}

/** A target folder: its safe path, the names planned into it, and what it holds (listFolders). */
interface Folder {
  rel: string[]
  path: string
  /** Comparison keys of the names planned into this folder; shared by folders that are one on disk. */
  names: Set<string>
  listing: Listing
}

/**
 * Safe names, with twins on one local name told apart by their codes, each file planned as new (the listings then
 * say otherwise for the few taken). Folders are few and files many: each folder's safe path and comparison key are
 * made once, found by the relDir array itself when files share one (the app gives all files of a folder one array)
 * and by its names otherwise.
 */
function nameFiles(
  files: readonly HostFile[],
  dir: string,
  platform: string,
): { planned: PlannedFile[]; folderOf: Folder[]; folders: Folder[] } {
  const byArray = new Map<readonly string[], Folder>()
  const byNames = new Map<string, Folder>()
  const namesByKey = new Map<string, Set<string>>()
  const planned: PlannedFile[] = []
  const folderOf: Folder[] = []
  for (const f of files) {
    let folder = byArray.get(f.relDir)
    if (folder === undefined) {
      const folderId = f.relDir.join('\u0000')
      folder = byNames.get(folderId)
      if (folder === undefined) {
        const rel = safeRelDir(f.relDir, platform).segments
        const path = join(dir, ...rel)
        const key = localNameKey(path, platform)
        let names = namesByKey.get(key)
        if (names === undefined) {
          names = new Set()
          namesByKey.set(key, names)
        }
        folder = { rel, path, names, listing: EMPTY }
        byNames.set(folderId, folder)
      }
      byArray.set(f.relDir, folder)
    }
    let { name } = safeLocalName(f.name, platform, f.code)
    if (folder.names.has(localNameKey(name, platform))) name = numberedName(name, f.code)
    folder.names.add(localNameKey(name, platform))
    const file: PlannedFile = {
      code: f.code,
      size: f.size,
      dir: folder.path,
      relDir: folder.rel,
      localName: name,
      path: pathIn(folder.path, name),
      state: 'new',
      partBytes: 0,
    }
    if (name !== f.name) file.renamedFrom = f.name
    planned.push(file)
    folderOf.push(folder)
  }
  return { planned, folderOf, folders: [...byNames.values()] }
}

/**
 * A safe name's path in a folder's path, which join made (normalised). The name is one segment (safeLocalName
 * leaves no `/` on any platform, no `\` on Windows, never `.` or `..`), so join would only add the separator:
 * 100,000 paths are made without normalising each.
 */
function pathIn(dir: string, name: string): string {
  return dir.endsWith(sep) ? `${dir}${name}` : `${dir}${sep}${name}`
}

/** One folder's entries by their comparison key (localNameKey: the name itself on Linux). */
interface Listing {
  entries: Map<string, Dirent>
  /** Whether a work file is among them: most folders hold none, and then no file's work file name is made. */
  parts: boolean
}
const EMPTY: Listing = { entries: new Map(), parts: false }

/** Lists each target folder once; a folder under one that does not exist is not asked for. */
async function listFolders(folders: Folder[], root: string, platform: string, fs: PlanFs): Promise<void> {
  const missing = new Set<string>()
  // Parents first, so a missing parent is known before its subfolders come up.
  const byDepth = [...folders].sort((a, b) => a.rel.length - b.rel.length)
  const listed = new Map<string, Listing>()
  for (const folder of byDepth) {
    const { path: dir, rel } = folder
    // Two relDirs made safe to one path (`a:b` and `a_b` on Windows) are one folder: listed once.
    const known = listed.get(dir)
    if (known !== undefined) {
      folder.listing = known
      continue
    }
    if (missing.has(dir)) continue
    if (rel.some((_, i) => missing.has(join(root, ...rel.slice(0, i))))) {
      missing.add(dir)
      continue
    }
    try {
      const entries = await fs.readdir(dir)
      folder.listing = {
        entries: new Map(entries.map((e) => [localNameKey(e.name, platform), e])),
        parts: entries.some((e) => e.name.endsWith(PART_SUFFIX)),
      }
      listed.set(dir, folder.listing)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        throw (await localDiskError(err, { dir, name: dir, size: 0, written: 0 })) ?? err
      }
      missing.add(dir)
    }
  }
}

/**
 * What is at a new file's path, when something is: null when nothing is (most files of a fresh download: no
 * promise, no stat for them).
 */
function judge(
  f: PlannedFile,
  folder: Folder,
  policy: ConflictPolicy,
  platform: string,
  sizeOf: (path: string) => Promise<number>,
): Promise<PlannedFile> | null {
  const { listing } = folder
  const entry = listing.entries.size === 0 ? undefined : find(listing, f.localName, platform)
  const partEntry = listing.parts ? find(listing, partNameOf(f.localName, f.code), platform) : undefined
  if (entry === undefined && partEntry === undefined) return null
  return judgeTaken(f, listing, entry, partEntry, policy, platform, sizeOf)
}

async function judgeTaken(
  f: PlannedFile,
  listing: Listing,
  entry: Dirent | undefined,
  partEntry: Dirent | undefined,
  policy: ConflictPolicy,
  platform: string,
  sizeOf: (path: string) => Promise<number>,
): Promise<PlannedFile> {
  const partBytes = partEntry ? await sizeOf(join(f.dir, partEntry.name)) : 0
  const here = (path: string): PlannedFile => ({ ...f, path, state: 'already-here', partBytes })
  if (entry === undefined) return { ...f, state: partBytes > 0 ? 'resume' : 'new', partBytes }
  const existingSize = entry.isFile() ? await sizeOf(join(f.dir, entry.name)) : null
  if (existingSize === f.size) return here(f.path)
  if (policy !== 'overwrite') {
    // The numbered copies placeFile's findSameFile would find, read from the listing instead of stat'ed blind.
    for (let n = 1; ; n++) {
      const copy = find(listing, numberedName(f.localName, n), platform)
      if (copy === undefined) break
      if (copy.isFile() && (await sizeOf(join(f.dir, copy.name))) === f.size)
        return here(join(f.dir, copy.name))
    }
  }
  return { ...f, state: 'conflict', partBytes, existingSize }
}

/** The entry a name resolves to on the platform's usual file systems (case-blind on Windows and macOS). */
function find(listing: Listing, name: string, platform: string): Dirent | undefined {
  return listing.entries.get(localNameKey(name, platform))
}
