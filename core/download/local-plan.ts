import type { Dirent } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import pLimit from 'p-limit'
import type { ConflictPolicy } from '../../shared/downloads.ts'
import { localNameKey, numberedName, safeLocalName, safeRelDir } from '../../shared/local-names.ts'
import { freeBytes, localDiskError } from './disk-errors.ts'
import { partNameOf } from './work-files.ts'

/**
 * The local side of a download plan: for each of the host's files, its safe path under `dir` and what is there
 * already. Re-running a download fetches nothing complete, and `--dry-run` shows this without touching anything.
 *
 * Fast for 100,000 files: one readdir per target folder (none under a folder that does not exist), and a stat
 * only for names the listing shows taken (to read a size), never one per file. A fresh download of 100,000 files
 * into an empty folder costs one readdir and one statfs.
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
  const named = nameFiles(files, dir, platform)
  const listings = await listFolders(named, dir, platform, fs)
  const limit = pLimit(STATS_AT_ONCE)
  const sizeOf = (path: string) => limit(async () => (await fs.lstat(path)).size)
  const planned = await Promise.all(
    named.map((f) => judge(f, listings.get(f.dir) ?? EMPTY, policy, platform, sizeOf)),
  )
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

type Named = Omit<PlannedFile, 'state' | 'partBytes' | 'existingSize'>

/** Safe names, with twins on one local name told apart by their codes. */
function nameFiles(files: readonly HostFile[], dir: string, platform: string): Named[] {
  const taken = new Set<string>()
  // Folders are few and files many: each folder's safe path and comparison key are made once.
  const folders = new Map<string, { rel: string[]; path: string; key: string }>()
  return files.map((f) => {
    const folderId = f.relDir.join('\u0000')
    let folder = folders.get(folderId)
    if (folder === undefined) {
      const rel = safeRelDir(f.relDir, platform).segments
      const path = join(dir, ...rel)
      folder = { rel, path, key: localNameKey(path, platform) }
      folders.set(folderId, folder)
    }
    let { name } = safeLocalName(f.name, platform, f.code)
    const key = (n: string) => `${folder.key}\u0000${localNameKey(n, platform)}`
    if (taken.has(key(name))) name = numberedName(name, f.code)
    taken.add(key(name))
    return {
      code: f.code,
      size: f.size,
      dir: folder.path,
      relDir: folder.rel,
      localName: name,
      ...(name !== f.name ? { renamedFrom: f.name } : {}),
      path: join(folder.path, name),
    }
  })
}

/** One folder's entries by their comparison key (localNameKey: the name itself on Linux). */
type Listing = Map<string, Dirent>
const EMPTY: Listing = new Map()

/** Lists each target folder once; a folder under one that does not exist is not asked for. */
async function listFolders(
  files: Named[],
  root: string,
  platform: string,
  fs: PlanFs,
): Promise<Map<string, Listing>> {
  const byDir = new Map<string, string[]>()
  for (const f of files) if (!byDir.has(f.dir)) byDir.set(f.dir, f.relDir)
  const missing = new Set<string>()
  const listings = new Map<string, Listing>()
  // Parents first, so a missing parent is known before its subfolders come up.
  const dirs = [...byDir.entries()].sort((a, b) => a[1].length - b[1].length)
  for (const [dir, rel] of dirs) {
    if (rel.some((_, i) => missing.has(join(root, ...rel.slice(0, i))))) {
      missing.add(dir)
      continue
    }
    try {
      const entries = await fs.readdir(dir)
      listings.set(dir, new Map(entries.map((e) => [localNameKey(e.name, platform), e])))
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        throw (await localDiskError(err, { dir, name: dir, size: 0, written: 0 })) ?? err
      }
      missing.add(dir)
    }
  }
  return listings
}

/** What is at a file's path. Most files of a fresh download have nothing there: no promise, no stat for them. */
function judge(
  f: Named,
  listing: Listing,
  policy: ConflictPolicy,
  platform: string,
  sizeOf: (path: string) => Promise<number>,
): PlannedFile | Promise<PlannedFile> {
  const entry = find(listing, f.localName, platform)
  const partEntry = find(listing, partNameOf(f.localName, f.code), platform)
  if (entry === undefined && partEntry === undefined) return { ...f, state: 'new', partBytes: 0 }
  return judgeTaken(f, entry, partEntry, listing, policy, platform, sizeOf)
}

async function judgeTaken(
  f: Named,
  entry: Dirent | undefined,
  partEntry: Dirent | undefined,
  listing: Listing,
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
  return listing.get(localNameKey(name, platform))
}
