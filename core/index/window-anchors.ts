import type Database from 'better-sqlite3'
import { filesOrder, filesWhere, type ResolvedQuery, sortColumn } from './query-sql.ts'

/** Rows between two anchors: a window deep in a result steps over fewer than this many index entries. */
const STRIDE = 1024
/** Below this offset a plain OFFSET is as quick as any anchor. */
const DIRECT_BELOW = 2 * STRIDE
/** Results remembered at once (a few sorts of a few folders). */
const KEEP = 16

type SortValue = string | number

/**
 * Deep windows of a large result without stepping over every row before them. The first deep window of a query
 * walks the sort key's index once and notes every STRIDE-th row's (sort value, id); later windows seek to the
 * anchor just before their offset and step at most STRIDE rows from there. Anchors belong to one version of the
 * database: any write (here, on the folder writer's thread or in another process) and they are rebuilt on the
 * next deep window, so a window is never cut from stale positions. The last STRIDE * 2 rows need none: they are
 * read backwards from the end.
 */
export class WindowAnchors {
  private readonly cache = new Map<string, { version: string; anchors: Array<[SortValue, number]> | null }>()

  constructor(
    private readonly db: Database.Database,
    private readonly version: () => string,
  ) {}

  /** The ids of rows offset … offset + limit of the query (of `total` rows), in its order. */
  ids(q: ResolvedQuery, offset: number, limit: number, total: number): number[] {
    const w = filesWhere(q)
    const order = filesOrder(q.sort)
    const fromEnd = total - offset - limit
    if (offset >= DIRECT_BELOW && fromEnd < DIRECT_BELOW) {
      // Near the end (End, the last screens): the same rows read backwards from the last, so a jump to the end
      // costs no walk even right after a write, when the anchors are stale. (sort value, id) orders every row
      // one way, so the reversed order is the exact mirror.
      return this.db
        .prepare<unknown[], { id: number }>(
          `SELECT id FROM files WHERE ${w.sql} ORDER BY ${filesOrder(reversed(q.sort))} LIMIT ? OFFSET ?`,
        )
        .all(...w.params, Math.min(limit, total - offset), Math.max(0, fromEnd))
        .map((r) => r.id)
        .reverse()
    }
    const anchors = offset < DIRECT_BELOW ? null : this.anchorsOf(q, w.sql, w.params, order)
    const k = anchors === null ? 0 : Math.min(anchors.length, Math.floor(offset / STRIDE))
    const anchor = k > 0 ? anchors?.[k - 1] : undefined
    if (anchor === undefined) {
      return this.db
        .prepare<unknown[], { id: number }>(
          `SELECT id FROM files WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...w.params, limit, offset)
        .map((r) => r.id)
    }
    // Rows after the anchor in the query's order; the anchor itself is row k * STRIDE - 1.
    const column = sortColumn[q.sort.key]
    const after = q.sort.dir === 'asc' ? '>' : '<'
    return this.db
      .prepare<unknown[], { id: number }>(
        `SELECT id FROM files WHERE ${w.sql} AND (${column}, id) ${after} (?, ?) ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...w.params, anchor[0], anchor[1], limit, offset - k * STRIDE)
      .map((r) => r.id)
  }

  private anchorsOf(
    q: ResolvedQuery,
    where: string,
    params: Array<string | number>,
    order: string,
  ): Array<[SortValue, number]> | null {
    const key = JSON.stringify([q.accts, q.fldId, q.search, q.sort])
    const version = this.version()
    const known = this.cache.get(key)
    if (known !== undefined && known.version === version) return known.anchors
    const anchors: Array<[SortValue, number]> | null = []
    const column = sortColumn[q.sort.key]
    let n = 0
    let usable = true
    const stmt = this.db
      .prepare<unknown[], { v: SortValue | null; id: number }>(
        `SELECT ${column} AS v, id FROM files WHERE ${where} ORDER BY ${order}`,
      )
      .raw(false)
    for (const r of stmt.iterate(...params)) {
      n++
      if (n % STRIDE !== 0) continue
      // A row value compared with NULL is NULL: results with unreadable sort values are windowed by OFFSET.
      if (r.v === null) usable = false
      else anchors.push([r.v, r.id])
    }
    const kept = usable ? anchors : null
    if (this.cache.size >= KEEP) this.cache.delete(this.cache.keys().next().value as string)
    this.cache.set(key, { version, anchors: kept })
    return kept
  }
}

function reversed(sort: ResolvedQuery['sort']): ResolvedQuery['sort'] {
  return { key: sort.key, dir: sort.dir === 'asc' ? 'desc' : 'asc' }
}
