import { mkdir, readdir, rm } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import type { ErrorValues, FiledockError } from '../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../shared/i18n/error-text.ts'
import { stagingIdSchema } from '../shared/ipc/staging-schemas.ts'

export const STAGING_DIR = 'staging'

/** One path segment as a file system takes it: bytes, not characters (UTF-8 names on Linux, macOS). */
const MAX_SEGMENT_BYTES = 255
/** Deeper than any real tree; a bound keeps a hostile path from costing much. */
export const MAX_STAGING_DEPTH = 64
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * Where the browser host keeps files a browser sent it (`<dataDir>/staging/<stagingId>/<relPath>`), because a
 * browser never reveals the local path of a dropped file: the renderer streams each file here, then queues the
 * staged top-level paths, so a dropped folder is mirrored under its own name.
 *
 * Clean-up, decided: a staging folder goes once no queue item needs it any more, i.e. every item whose source
 * lies in it is done or cancelled. A failed item keeps its folder (retry must find the file). Folders being
 * filled right now (not yet queued) are never touched while this process runs; whatever is left over (a
 * closed tab, a crash) is swept at the next start, when no upload can be in flight.
 */
export class StagingArea {
  readonly root: string
  /** Staging ids written to in this process and not queued yet. */
  private readonly filling = new Set<string>()
  /** One set per sweep under way: ids queued since it asked the queue what it needs. */
  private readonly queuedDuringSweeps = new Set<Set<string>>()

  constructor(dataDir: string) {
    this.root = join(dataDir, STAGING_DIR)
  }

  /** The folder of one staging id, or a FiledockError for an id that is not one. */
  folderOf(stagingId: string): string {
    if (!isStagingId(stagingId)) {
      throw invalid(TEXT.badId)
    }
    return join(this.root, stagingId)
  }

  /**
   * The absolute path for `segments` inside the staging folder (created, with its parents). Every segment must
   * be a plain name: '', '.', '..', separators, control characters and overlong names are refused, so the path
   * cannot leave the folder however it was encoded on the way in.
   */
  async prepare(stagingId: string, segments: readonly string[]): Promise<{ path: string; top: string }> {
    const folder = this.folderOf(stagingId)
    if (segments.length === 0 || segments.length > MAX_STAGING_DEPTH) {
      throw invalid(TEXT.depth, { max: MAX_STAGING_DEPTH })
    }
    for (const segment of segments) checkSegment(segment)
    const path = resolve(folder, ...segments)
    if (!path.startsWith(folder + sep)) throw invalid(TEXT.leaves)
    this.filling.add(stagingId)
    await mkdir(resolve(path, '..'), { recursive: true, mode: 0o700 })
    return { path, top: join(folder, segments[0] as string) }
  }

  /** The staging ids the given paths lie in (paths elsewhere are ignored). */
  idsOf(paths: readonly string[]): string[] {
    const ids = new Set<string>()
    for (const path of paths) {
      const id = this.idOf(path)
      if (id !== null) ids.add(id)
    }
    return [...ids]
  }

  idOf(path: string): string | null {
    if (!path.startsWith(this.root + sep)) return null
    const id = path.slice(this.root.length + 1).split(sep)[0] ?? ''
    return isStagingId(id) ? id : null
  }

  /** A staged path as the person dropped it (`photos/a.jpg`); any other path unchanged. */
  shownPath(path: string): string {
    const id = this.idOf(path)
    if (id === null) return path
    return path
      .slice(this.root.length + id.length + 2)
      .split(sep)
      .join('/')
  }

  /** The staging folders were queued: from now on the queue's items decide when they go. */
  queued(ids: readonly string[]): void {
    for (const id of ids) {
      this.filling.delete(id)
      for (const during of this.queuedDuringSweeps) during.add(id)
    }
  }

  /**
   * Removes every staging folder no item needs, except folders being filled right now. `needed` asks the queue
   * which ids its items still need (null: unknown, so nothing goes). A drop queued while that question is out is
   * in neither answer (not filling any more, not in the queue's reply), so the sweep keeps what was queued
   * meanwhile: without that, a drop right after a batch finished lost its file. At start-up nothing is being
   * filled, so leftovers of earlier runs go too.
   */
  async sweep(needed: () => Promise<ReadonlySet<string> | null>): Promise<string[]> {
    const queuedMeanwhile = new Set<string>()
    this.queuedDuringSweeps.add(queuedMeanwhile)
    try {
      const keep = await needed()
      if (keep === null) return []
      let names: string[]
      try {
        names = await readdir(this.root)
      } catch {
        return [] // no staging folder yet
      }
      const removed: string[] = []
      for (const name of names) {
        if (keep.has(name) || this.filling.has(name) || queuedMeanwhile.has(name)) continue
        await rm(join(this.root, name), { recursive: true, force: true })
        removed.push(name)
      }
      return removed
    } finally {
      this.queuedDuringSweeps.delete(queuedMeanwhile)
    }
  }
}

function checkSegment(segment: string): void {
  if (segment === '' || segment === '.' || segment === '..') throw invalid(TEXT.emptyPart)
  if (segment.includes('/') || segment.includes('\\')) throw invalid(TEXT.separator)
  if (CONTROL.test(segment)) throw invalid(TEXT.control)
  if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) {
    throw invalid(TEXT.tooLong, { max: MAX_SEGMENT_BYTES })
  }
}

const isStagingId = (id: string) => stagingIdSchema.safeParse(id).success

function invalid(text: ErrorMessage, values?: ErrorValues): FiledockError {
  return translatedError({ kind: 'invalid_input' }, text, values)
}

// Names here are the browser's dropped files: a person meets these only for a file the disk cannot hold.
const TEXT = defineMessages({
  badId: { id: 'errors.staging.badId', defaultMessage: 'Not a staging id (8–64 letters, digits, - or _).' },
  depth: {
    id: 'errors.staging.depth',
    defaultMessage: 'A staged path needs 1 to {max, plural, one {# segment} other {# segments}}.',
  },
  leaves: { id: 'errors.staging.leaves', defaultMessage: 'The staged path leaves its folder.' },
  emptyPart: { id: 'errors.staging.emptyPart', defaultMessage: 'A staged path has an empty, . or .. part.' },
  separator: { id: 'errors.staging.separator', defaultMessage: 'A staged name contains a path separator.' },
  control: { id: 'errors.staging.control', defaultMessage: 'A staged name contains control characters.' },
  tooLong: {
    id: 'errors.staging.tooLong',
    defaultMessage: 'A staged name is longer than {max, plural, one {# byte} other {# bytes}}.',
  },
})
