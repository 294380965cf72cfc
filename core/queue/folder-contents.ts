import type { ApiClient } from '../api/client.ts'

/** A file directly in a folder, as far as "is it already there?" needs to know. */
export interface FolderFile {
  fileCode: string
  name: string
  size: number
}

/**
 * The one place that answers "what is in folder X of this account". The upload engine asks it before sending a
 * file, to skip what is already there. The default lists the folder through the API; the account index
 * (core/index) can answer from its database instead, by implementing this port.
 */
export interface FolderContents {
  /** The files directly in `fldId` (0 is the root). */
  list(accountId: string, fldId: number, signal?: AbortSignal): Promise<readonly FolderFile[]>
}

const PER_PAGE = 1000
/** A folder of 100,000 files; beyond this the listing stops rather than page on without end. */
const MAX_PAGES = 100

/** FolderContents through file/list, page by page. */
export function apiFolderContents(clientFor: (accountId: string) => Promise<ApiClient>): FolderContents {
  return {
    async list(accountId, fldId, signal) {
      const client = await clientFor(accountId)
      const files: FolderFile[] = []
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await client.fileList({ fldId, perPage: PER_PAGE, page }, signal ? { signal } : undefined)
        // The folder is ours to check too, in case a host ignores fld_id.
        for (const f of r.files)
          if (f.fldId === fldId) files.push({ fileCode: f.fileCode, name: f.name, size: f.size })
        if (r.files.length === 0 || page * PER_PAGE >= r.resultsTotal) break
      }
      return files
    },
  }
}

/**
 * How long a folder's listing is trusted. Long enough that a drop of thousands of files into a few folders lists
 * each folder once; short enough that in the long-running app a file deleted on the host since (and dropped
 * again) is seen as gone. Files this engine lands meanwhile are added to the cached listing (`landed`).
 */
const LISTING_TTL_MS = 60_000

/**
 * "Is this file already in its folder?" for the engine: same name (exactly) and same size, as rclone's `copy`
 * decides without checksums (the API offers none). One listing per folder, shared by every item that asks while
 * it is fresh; a failed listing is not kept, so the next item asks again.
 */
export class ExistingFiles {
  /** Per folder: its files by name, as listed. */
  private readonly listings = new Map<string, { at: number; byName: Promise<Map<string, FolderFile[]>> }>()
  /** Per folder: files this engine put there, by name, with when. */
  private readonly landedFiles = new Map<string, Map<string, { at: number; file: FolderFile }[]>>()

  /**
   * `signal` is the engine's lifetime, not an item's: a listing is shared by every item of the folder, so one
   * item being paused must not abort it for the others.
   */
  constructor(
    private readonly contents: FolderContents,
    private readonly signal: AbortSignal,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The code of a file named `name` of `size` bytes directly in the folder, or null. */
  async find(accountId: string, fldId: number, name: string, size: number): Promise<string | null> {
    const k = key(accountId, fldId)
    const listed = (await this.listing(k, accountId, fldId)).get(name) ?? []
    const now = this.clock()
    const ours = (this.landedFiles.get(k)?.get(name) ?? []).filter((l) => now - l.at < LISTING_TTL_MS)
    const codes = [...listed, ...ours.map((l) => l.file)]
      .filter((f) => f.size === size)
      .map((f) => f.fileCode)
    // Of twins, the lowest code, so every run picks the same one.
    return codes.sort()[0] ?? null
  }

  /**
   * A file this engine put in the folder (or is about to move there): known without listing again, for as long
   * as a listing would be trusted. Kept apart from the listing, which may have been taken before it landed.
   */
  landed(accountId: string, fldId: number, file: FolderFile): void {
    const k = key(accountId, fldId)
    let byName = this.landedFiles.get(k)
    if (!byName) {
      byName = new Map()
      this.landedFiles.set(k, byName)
    }
    const now = this.clock()
    const kept = (byName.get(file.name) ?? []).filter((l) => now - l.at < LISTING_TTL_MS)
    kept.push({ at: now, file })
    byName.set(file.name, kept)
  }

  private listing(k: string, accountId: string, fldId: number): Promise<Map<string, FolderFile[]>> {
    const cached = this.listings.get(k)
    if (cached && this.clock() - cached.at < LISTING_TTL_MS) return cached.byName
    const entry = { at: this.clock(), byName: this.contents.list(accountId, fldId, this.signal).then(byName) }
    this.listings.set(k, entry)
    entry.byName.catch(() => {
      if (this.listings.get(k) === entry) this.listings.delete(k)
    })
    return entry.byName
  }
}

function byName(files: readonly FolderFile[]): Map<string, FolderFile[]> {
  const m = new Map<string, FolderFile[]>()
  for (const f of files) {
    const same = m.get(f.name)
    if (same) same.push(f)
    else m.set(f.name, [f])
  }
  return m
}

function key(accountId: string, fldId: number): string {
  return `${accountId}\u0000${fldId}`
}
