import { createHash } from 'node:crypto'
import { lstat, readdir, rm, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import pLimit from 'p-limit'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { safeLocalName } from '../../shared/local-names.ts'
import type { ApiClient } from '../api/client.ts'
import { TokenBucket } from '../queue/throttle.ts'
import { downloadFile } from './download-file.ts'

/**
 * The copies a drag out of the window hands to the OS (Electron's webContents.startDrag drags files that exist on
 * disk): each file fetched once into `<dir>/<account>/<fileCode>/<name>` by the download engine's one-file fetch
 * (downloadFile: a hidden work file, resumed, renamed into place only when whole), so a drag never offers half a
 * file and a second drag of the same file takes the copy already here.
 *
 * Decisions:
 * - A drag is refused when the copies it must fetch (those not here whole already) exceed MAX_DRAG_BYTES: the
 *   person holds the mouse button while they are fetched, and a drag cannot wait minutes; copies already here cost
 *   nothing. Download… is the way for large files (the refusal says so). The renderer asks only for far less
 *   (DRAG_OUT_FETCH_BYTES, renderer/src/features/dnd/drag-way.ts): this is main's own guard, since it does not trust
 *   the page.
 * - The cache is bounded (MAX_CACHE_BYTES, MAX_CACHE_FILES), oldest use first: it is a convenience copy of what
 *   the host keeps, and it lives in the app's data folder, which the person does not see or clean. 2 GiB holds
 *   many drags, so a file dragged again soon is not fetched again; the file count bounds the folder scan each drag
 *   makes.
 * - Eviction never removes the files of the drag just prepared, nor a file being fetched: the OS reads the copies
 *   after the drag starts, and each drag's files are the newest, so only a copy ten full drags old could go while
 *   the OS still reads it.
 * - What is here is known only here: a window asks (drag.cached, whole()) rather than keeping its own list, which
 *   would miss other windows' drags, an earlier run's copies and this eviction.
 * - No bandwidth limit: a drag is the person waiting with the button down, as a preview is, not a background
 *   transfer (the queue's down limit is for those).
 */

export const MAX_DRAG_BYTES = 200 * 1024 * 1024
/** Bounds of the cache, oldest use first. */
export const MAX_CACHE_BYTES = 2 * 1024 * 1024 * 1024
export const MAX_CACHE_FILES = 1000
/** Files fetched at once for one drag (the queue's default concurrency). */
const FETCHES_AT_ONCE = 3

export interface DragFile {
  code: string
  name: string
  /** The size the caller knows (the index's); direct_link's wins when the file is fetched. */
  size: number
}

export interface DragCacheOptions {
  /** The cache's own folder (`<data>/cache/drag`); made when first needed. */
  dir: string
  clientFor(accountId: string): Promise<Pick<ApiClient, 'directLink' | 'openRange'>>
  /** process.platform by default: the copies' names are made safe for this OS. */
  platform?: string
  limits?: Partial<{ dragBytes: number; cacheBytes: number; cacheFiles: number }>
}

export class DragCache {
  /** Fetches under way, by cache folder: a second drag of the same file waits for the first's copy. */
  private readonly fetching = new Map<string, Promise<string>>()
  private readonly stop = new AbortController()
  private readonly limits: { dragBytes: number; cacheBytes: number; cacheFiles: number }

  constructor(private readonly o: DragCacheOptions) {
    this.limits = {
      dragBytes: MAX_DRAG_BYTES,
      cacheBytes: MAX_CACHE_BYTES,
      cacheFiles: MAX_CACHE_FILES,
      ...o.limits,
    }
  }

  /** The cache's folder: the only folder whose files a drag may hand to the OS. */
  get root(): string {
    return this.o.dir
  }

  /** The local copy of each file, in order, fetched where it is not here whole; refused when too large. */
  async prepare(accountId: string, files: readonly DragFile[]): Promise<string[]> {
    const places = files.map((f) => this.placeOf(accountId, f))
    const here = await Promise.all(places.map((p, i) => isWhole(p.path, (files[i] as DragFile).size)))
    const toFetch = files.filter((_f, i) => !here[i])
    const total = toFetch.reduce((sum, f) => sum + f.size, 0)
    if (total > this.limits.dragBytes) {
      throw translatedError({ kind: 'invalid_input' }, TEXT.tooLarge, {
        count: toFetch.length,
        totalBytes: total,
        limitBytes: this.limits.dragBytes,
      })
    }
    const limit = pLimit(FETCHES_AT_ONCE)
    const paths = await Promise.all(
      files.map((f, i) => limit(() => this.copyOf(accountId, f, places[i] as Place))),
    )
    await this.evict(new Set(places.map((p) => p.folder)))
    return paths
  }

  /**
   * The codes of `files` whose copies are whole here now, at the size given: what drag.cached answers, so a
   * window knows before its next dragstart which picks drag out at once (renderer/src/features/dnd/ready-copies.ts).
   * The same test prepare makes (isWhole at the copy's place), so a file it answers is not fetched again.
   */
  async whole(accountId: string, files: readonly DragFile[]): Promise<string[]> {
    const here = await Promise.all(files.map((f) => isWhole(this.placeOf(accountId, f).path, f.size)))
    return files.filter((_f, i) => here[i]).map((f) => f.code)
  }

  /** Stops the fetches under way (the app is closing); their work files stay for the next drag to resume. */
  close(): void {
    this.stop.abort()
  }

  /** Where a file's copy lives: its own folder, and the copy's path in it. */
  private placeOf(accountId: string, f: DragFile): Place {
    const folder = join(this.o.dir, accountFolder(accountId), f.code)
    const localName = safeLocalName(f.name, this.o.platform ?? process.platform, f.code).name
    return { folder, localName, path: join(folder, localName) }
  }

  private copyOf(accountId: string, f: DragFile, place: Place): Promise<string> {
    const running = this.fetching.get(place.folder)
    if (running !== undefined) return running
    const copy = this.fetch(accountId, f, place).finally(() => this.fetching.delete(place.folder))
    this.fetching.set(place.folder, copy)
    return copy
  }

  private async fetch(accountId: string, f: DragFile, { folder, localName, path }: Place): Promise<string> {
    if (await isWhole(path, f.size)) {
      // Used now: the newest for eviction.
      const now = new Date()
      await utimes(path, now, now).catch(() => undefined)
      return path
    }
    const client = await this.o.clientFor(accountId)
    const done = await downloadFile({
      dir: folder,
      localName,
      fileCode: f.code,
      size: f.size,
      link: () => client.directLink(f.code),
      server: client,
      bucket: new TokenBucket(null),
      onProgress: () => undefined,
      signal: this.stop.signal,
      // A copy of another size here is an older state of the file: replaced, never kept beside it.
      onConflict: 'overwrite',
    })
    return done.path
  }

  /** Removes the copies used longest ago beyond the bounds, except `keep` and those being fetched. */
  private async evict(keep: ReadonlySet<string>): Promise<void> {
    const entries = await this.entries()
    entries.sort((a, b) => b.usedMs - a.usedMs)
    let bytes = 0
    let files = 0
    for (const e of entries) {
      bytes += e.bytes
      files++
      const within = bytes <= this.limits.cacheBytes && files <= this.limits.cacheFiles
      if (within || keep.has(e.folder) || this.fetching.has(e.folder)) continue
      await rm(e.folder, { recursive: true, force: true })
      bytes -= e.bytes
      files--
    }
  }

  /** Each file folder of the cache with its bytes (work files included) and when it was last used. */
  private async entries(): Promise<Array<{ folder: string; bytes: number; usedMs: number }>> {
    const out: Array<{ folder: string; bytes: number; usedMs: number }> = []
    for (const account of await namesIn(this.o.dir)) {
      for (const code of await namesIn(join(this.o.dir, account))) {
        const folder = join(this.o.dir, account, code)
        let bytes = 0
        let usedMs = 0
        for (const name of await namesIn(folder)) {
          const s = await lstat(join(folder, name)).catch(() => null)
          if (s === null) continue
          bytes += s.size
          usedMs = Math.max(usedMs, s.mtimeMs)
        }
        out.push({ folder, bytes, usedMs })
      }
    }
    return out
  }
}

/**
 * An account's folder name: its id when that is a plain token (ids are made by the app), else a digest of it,
 * so no id can make a path climb out of the cache.
 */
function accountFolder(accountId: string): string {
  return /^[A-Za-z0-9_-]{1,64}$/.test(accountId)
    ? accountId
    : createHash('sha256').update(accountId).digest('hex').slice(0, 32)
}

interface Place {
  folder: string
  localName: string
  path: string
}

/** Whether a copy of the file's size is here (a copy of another size is an older state of the file). */
async function isWhole(path: string, size: number): Promise<boolean> {
  const here = await stat(path).catch(() => null)
  return here?.isFile() === true && here.size === size
}

async function namesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [])
}

const TEXT = defineMessages({
  tooLarge: {
    id: 'errors.dragOut.tooLarge',
    defaultMessage:
      '{count, plural, one {This file is} other {These # files are}} {totalBytes} in all: too much to drag out of the window (up to {limitBytes}). Use Download… instead.',
  },
})
