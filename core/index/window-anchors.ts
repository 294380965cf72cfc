import type Database from 'better-sqlite3'
import type { IndexSortKey } from '../../shared/file-index.ts'
import {
  belowRoot,
  filesOrder,
  filesWhere,
  type ResolvedQuery,
  type SqlPart,
  sortColumn,
  usesTrigrams,
} from './query-sql.ts'

/** Rows between two anchors: a window deep in a result steps over fewer than this many index entries. */
const STRIDE = 1024
/** Below this offset a plain OFFSET is as quick as any anchor. */
const DIRECT_BELOW = 2 * STRIDE
/** Results remembered at once (a few sorts of a few folders). */
const KEEP = 16

type SortValue = string | number
type Anchor = [SortValue, number]

/** Sort keys whose column may be NULL (schema.ts: uploaded_key, for an upload time no one could read). */
const NULLABLE: ReadonlySet<IndexSortKey> = new Set(['uploaded'])

interface Anchors {
  version: string
  /** Row k * STRIDE - 1 of the result is anchors[k - 1]. */
  found: Anchor[]
  /** No more anchors to find: the result's end was reached (or, for a walk, the whole result was read). */
  done: boolean
  /**
   * False when a sort value in the result is NULL (an upload time that could not be read): a row value compared
   * with NULL is NULL, so a hop or a window from an anchor would pass such rows by. OFFSET alone windows these.
   */
  usable: boolean
}

/**
 * Deep windows of a large result without stepping over every row before them. Anchors note every STRIDE-th
 * row's (sort value, id); a window seeks to the anchor just before its offset and steps at most STRIDE rows from
 * there. Anchors belong to one version of the database: after any write (here, on the folder writer's thread or
 * in another process) they are found again, so a window is never cut from stale positions. The last STRIDE * 2
 * rows need none: they are read backwards from the end.
 *
 * Finding anchors is what a window right after a write pays, so it is kept inside SQLite: where the sort key's
 * index orders the result (one account, no trigram search), each anchor is one `LIMIT 1 OFFSET STRIDE - 1` hop
 * from the one before, and only as far as the window asks (100,000 rows: ~5 ms, where handing each row to
 * JavaScript took 60–70 ms). Elsewhere a hop would sort the result again (several accounts, a subtree's folders)
 * or match the search again (trigrams), so the result is walked once, and a window from an anchor stops at the
 * next one.
 */
export class WindowAnchors {
  private readonly cache = new Map<string, Anchors>()

  constructor(
    private readonly db: Database.Database,
    private readonly version: () => string,
  ) {}

  /** The ids of rows offset … offset + limit of the query (of `total` rows), in its order. */
  ids(q: ResolvedQuery, offset: number, limit: number, total: number): number[] {
    const w = filesWhere(q)
    const order = resultOrder(q, q.sort)
    const fromEnd = total - offset - limit
    if (offset >= DIRECT_BELOW && fromEnd < DIRECT_BELOW) {
      // Near the end (End, the last screens): the same rows read backwards from the last, so a jump to the end
      // costs no walk even right after a write, when the anchors are stale. (sort value, id) orders every row
      // one way, so the reversed order is the exact mirror.
      return this.db
        .prepare<unknown[], { id: number }>(
          `SELECT id FROM files WHERE ${w.sql} ORDER BY ${resultOrder(q, reversed(q.sort))} LIMIT ? OFFSET ?`,
        )
        .all(...w.params, Math.min(limit, total - offset), Math.max(0, fromEnd))
        .map((r) => r.id)
        .reverse()
    }
    const k = Math.floor(offset / STRIDE)
    const found = offset < DIRECT_BELOW ? [] : this.anchorsUpTo(q, w, k)
    const n = Math.min(found.length, k)
    const anchor = found[n - 1]
    if (anchor === undefined) {
      return this.db
        .prepare<unknown[], { id: number }>(
          `SELECT id FROM files WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...w.params, limit, offset)
        .map((r) => r.id)
    }
    // Rows after the anchor in the query's order; the anchor itself is row n * STRIDE - 1. Up to the anchor at or
    // after the window's last row, when one is known: a result SQLite sorts (rather than reads in order from an
    // index) is otherwise gathered to its end for every window.
    const end = found[Math.ceil((offset + limit) / STRIDE) - 1]
    return this.db
      .prepare<unknown[], { id: number }>(
        `SELECT id FROM files WHERE ${w.sql} AND ${after(q)}${end === undefined ? '' : ` AND ${upTo(q)}`}
         ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...w.params, ...anchor, ...(end ?? []), limit, offset - n * STRIDE)
      .map((r) => r.id)
  }

  /**
   * The anchors known for this version of the database, found as far as row k * STRIDE - 1 at least (or to the
   * result's end); none when the result's sort values hold a NULL.
   */
  private anchorsUpTo(q: ResolvedQuery, w: SqlPart, k: number): Anchor[] {
    const key = JSON.stringify([q.accts, q.fldId, q.under, q.search, q.sort])
    const version = this.version()
    let known = this.cache.get(key)
    if (known === undefined || known.version !== version) {
      if (known === undefined && this.cache.size >= KEEP)
        this.cache.delete(this.cache.keys().next().value as string)
      known = { version, found: [], done: false, usable: !this.hasNullSortValues(q, w) }
      this.cache.set(key, known)
    }
    if (!known.usable) return []
    if (indexOrdered(q)) this.hop(q, w, known, k)
    else if (!known.done) this.walk(q, w, known)
    return known.found
  }

  /** Finds anchors one hop at a time until there are k of them or the result ends. */
  private hop(q: ResolvedQuery, w: SqlPart, a: Anchors, k: number): void {
    if (a.done || a.found.length >= k) return
    const column = sortColumn[q.sort.key]
    const first = this.db
      .prepare<unknown[], Anchor>(
        `SELECT ${column}, id FROM files WHERE ${w.sql} ORDER BY ${filesOrder(q.sort)} LIMIT 1 OFFSET ${STRIDE - 1}`,
      )
      .raw(true)
    const next = this.db
      .prepare<unknown[], Anchor>(
        `SELECT ${column}, id FROM files WHERE ${w.sql} AND ${after(q)} ORDER BY ${filesOrder(q.sort)} LIMIT 1 OFFSET ${STRIDE - 1}`,
      )
      .raw(true)
    while (a.found.length < k) {
      const last = a.found[a.found.length - 1]
      const row = last === undefined ? first.get(...w.params) : next.get(...w.params, last[0], last[1])
      if (row === undefined) {
        a.done = true
        return
      }
      a.found.push(row)
    }
  }

  /** Reads the whole result once and notes every STRIDE-th row. */
  private walk(q: ResolvedQuery, w: SqlPart, a: Anchors): void {
    const rows = this.db
      .prepare<unknown[], Anchor>(
        `SELECT ${sortColumn[q.sort.key]}, id FROM files WHERE ${w.sql} ORDER BY ${resultOrder(q, q.sort)}`,
      )
      .raw(true)
    let n = 0
    for (const row of rows.iterate(...w.params)) if (++n % STRIDE === 0) a.found.push(row)
    a.done = true
  }

  private hasNullSortValues(q: ResolvedQuery, w: SqlPart): boolean {
    if (!NULLABLE.has(q.sort.key)) return false
    return (
      this.db
        .prepare<unknown[], { found: number }>(
          `SELECT EXISTS (SELECT 1 FROM files WHERE ${w.sql} AND ${sortColumn[q.sort.key]} IS NULL) AS found`,
        )
        .get(...w.params)?.found === 1
    )
  }
}

/**
 * Whether the sort key's index gives the result in order, so a hop to the next anchor starts where the last one
 * ended: one account (the index leads with it), no trigram search (its matches are gathered per statement) and no
 * subtree below the root (resultOrder).
 */
function indexOrdered(q: ResolvedQuery): boolean {
  return q.accts?.length === 1 && !usesTrigrams(q) && !belowRoot(q)
}

/**
 * The ORDER BY of a result. A subtree's rows are gathered from its folders' indexes and sorted: walking the sort
 * key's index of the whole account instead reads each row from the table for its folder (a window 5,000 rows into
 * a subtree of a tenth of a 1,000,000-file account took ~100 ms that way), and SQLite picks that walk unless the
 * sort key is kept off the index.
 */
function resultOrder(q: ResolvedQuery, sort: ResolvedQuery['sort']): string {
  return filesOrder(sort, '', !belowRoot(q))
}

/** Rows after an anchor (sort value, id) in the query's order, as a clause taking those two parameters. */
function after(q: ResolvedQuery): string {
  return `(${sortColumn[q.sort.key]}, id) ${q.sort.dir === 'asc' ? '>' : '<'} (?, ?)`
}

/** Rows up to and with an anchor (sort value, id) in the query's order, as a clause taking those two parameters. */
function upTo(q: ResolvedQuery): string {
  return `(${sortColumn[q.sort.key]}, id) ${q.sort.dir === 'asc' ? '<=' : '>='} (?, ?)`
}

function reversed(sort: ResolvedQuery['sort']): ResolvedQuery['sort'] {
  return { key: sort.key, dir: sort.dir === 'asc' ? 'desc' : 'asc' }
}
