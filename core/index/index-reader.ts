import type Database from 'better-sqlite3'
import type { FolderStep, IndexFileRow, IndexFolderRow, IndexWindow } from '../../shared/file-index.ts'
import { FolderTrails } from './folder-trail.ts'
import {
  belowRoot,
  filesOrder,
  filesWhere,
  foldersOrder,
  foldersWhere,
  type ResolvedQuery,
  subtreeFolders,
  usesTrigrams,
} from './query-sql.ts'
import { WindowAnchors } from './window-anchors.ts'

interface FileRaw {
  id: number
  account_id: string
  code: string
  name: string
  size: number
  uploaded: string
  downloads: number
  fld_id: number
  link: string
  thumbnail: string | null
  public: number
  path: string | null
}

/**
 * What fetching a file needs of it (a download's plan): whose it is, its code, name, size and folder. An
 * IndexFileRow is one too.
 */
export type FileBasics = Pick<IndexFileRow, 'kind' | 'accountId' | 'fileCode' | 'name' | 'size' | 'fldId'>

/** Those fields of a whole row (a picked file, read by its code). */
export function basicsOf(row: IndexFileRow): FileBasics {
  return {
    kind: row.kind,
    accountId: row.accountId,
    fileCode: row.fileCode,
    name: row.name,
    size: row.size,
    fldId: row.fldId,
  }
}

interface FolderRaw {
  acct: number
  fld_id: number
  parent_id: number
  name: string
  path: string
  account_id: string
}

interface Totals {
  files: number
  folders: number
  totalSize: number
}

/**
 * Below this many rows, sorting a search's matches (or a subtree's files) beats walking a sort index of the whole
 * account.
 */
const SORT_MATCHES_BELOW = 20_000

const FILE_COLUMNS = `f.id, a.account_id, f.code, f.name, f.size, f.uploaded, f.downloads, f.fld_id, f.link,
  f.thumbnail, f.public, d.path`
const FILE_JOINS = `JOIN accounts a ON a.acct = f.acct LEFT JOIN folders d ON d.acct = f.acct AND d.fld_id = f.fld_id`

/**
 * Reads windows of a query. A window's rows are found on the covering index of its sort key first (ids only, so
 * skipping 99,900 rows touches no table page), then those ids are read whole. Totals do not depend on the sort
 * or the window, so they are remembered per scope and search until the database changes.
 */
export class IndexReader {
  private readonly totalsMemo = new Map<string, Totals>()
  private memoVersion = ''
  private readonly version: Database.Statement<[], { v: number }>
  private readonly rowsByIds: Database.Statement<[string], FileRaw>
  private readonly anchors: WindowAnchors
  private readonly trails: FolderTrails
  private readonly inOneSnapshot: (
    q: ResolvedQuery,
    offset: number,
    limit: number,
    complete: boolean,
  ) => IndexWindow

  constructor(private readonly db: Database.Database) {
    this.version = db.prepare('SELECT total_changes() AS v')
    this.anchors = new WindowAnchors(db, () => this.currentVersion())
    this.trails = new FolderTrails(db)
    this.inOneSnapshot = db.transaction(
      (q: ResolvedQuery, offset: number, limit: number, complete: boolean) =>
        this.windowIn(q, offset, limit, complete),
    )
    this.rowsByIds = db.prepare(
      `SELECT ${FILE_COLUMNS} FROM json_each(?) j JOIN files f ON f.id = j.value ${FILE_JOINS} ORDER BY j.key`,
    )
  }

  /**
   * One window, read in one transaction: the folder writer's thread may commit between two statements, and the
   * totals, the anchors found hop by hop and the rows must all come from one snapshot of the index.
   */
  window(q: ResolvedQuery, offset: number, limit: number, complete: boolean): IndexWindow {
    return this.inOneSnapshot(q, offset, limit, complete)
  }

  private windowIn(q: ResolvedQuery, offset: number, limit: number, complete: boolean): IndexWindow {
    const totals = this.totals(q)
    const rows: IndexWindow['rows'] = []
    const inFolders = foldersWhere(q, 'f')
    if (inFolders !== null && offset < totals.folders) {
      const folders = this.db
        .prepare<unknown[], FolderRaw>(
          `SELECT f.acct, f.fld_id, f.parent_id, f.name, f.path, a.account_id FROM folders f
           JOIN accounts a ON a.acct = f.acct
           WHERE ${inFolders.sql} ORDER BY ${foldersOrder(q.sort, 'f')} LIMIT ? OFFSET ?`,
        )
        .all(...inFolders.params, limit, offset)
      const trailTo = this.trails.walker(folders[0]?.acct ?? 0)
      for (const f of folders) rows.push(folderRow(f, trailTo(f.parent_id)))
    }
    const fileOffset = Math.max(0, offset - totals.folders)
    const fileLimit = limit - rows.length
    if (fileLimit > 0 && fileOffset < totals.files) {
      // Few search matches (or files of a subtree): find them through the trigrams (or the subtree's folders) and
      // sort them. Many: walk the sort key's index and stop at the window, checking each row against the matches.
      const sortFound = (usesTrigrams(q) || belowRoot(q)) && totals.files <= SORT_MATCHES_BELOW
      const ids = sortFound
        ? this.idsSorted(q, fileOffset, fileLimit)
        : this.anchors.ids(q, fileOffset, fileLimit, totals.files)
      for (const raw of this.rowsByIds.all(JSON.stringify(ids))) rows.push(fileRow(raw))
    }
    return {
      offset,
      rows,
      total: totals.files + totals.folders,
      folders: totals.folders,
      totalSize: totals.totalSize,
      complete,
    }
  }

  private idsSorted(q: ResolvedQuery, offset: number, limit: number): number[] {
    const w = filesWhere(q, '', true)
    return this.db
      .prepare<unknown[], { id: number }>(
        `SELECT id FROM files WHERE ${w.sql} ORDER BY ${filesOrder(q.sort, '', false)} LIMIT ? OFFSET ?`,
      )
      .all(...w.params, limit, offset)
      .map((r) => r.id)
  }

  /** Changes with every write, from this connection (total_changes) or another process (data_version). */
  private currentVersion(): string {
    return `${this.version.get()?.v}:${this.db.pragma('data_version', { simple: true })}`
  }

  totals(q: ResolvedQuery): Totals {
    const version = this.currentVersion()
    if (version !== this.memoVersion) {
      this.totalsMemo.clear()
      this.memoVersion = version
    }
    const key = JSON.stringify([q.accts, q.fldId, q.under, q.search])
    const known = this.totalsMemo.get(key)
    if (known !== undefined) return known
    const w = filesWhere(q, '', true)
    const files = this.db
      .prepare<unknown[], { n: number; s: number }>(
        `SELECT count(*) AS n, total(size) AS s FROM files WHERE ${w.sql}`,
      )
      .get(...w.params) as { n: number; s: number }
    let folders = 0
    const fw = foldersWhere(q)
    if (fw !== null) {
      folders = (
        this.db.prepare(`SELECT count(*) AS n FROM folders WHERE ${fw.sql}`).get(...fw.params) as {
          n: number
        }
      ).n
    }
    const totals = { files: files.n, folders, totalSize: files.s }
    this.totalsMemo.set(key, totals)
    return totals
  }

  file(acct: number, code: string): IndexFileRow | null {
    const raw = this.db
      .prepare<[number, string], FileRaw>(
        `SELECT ${FILE_COLUMNS} FROM files f ${FILE_JOINS} WHERE f.acct = ? AND f.code = ?`,
      )
      .get(acct, code)
    return raw === undefined ? null : fileRow(raw)
  }

  /** Every file of a query, in its sort order, read lazily (a selection of 100,000 is never held twice). */
  *iterateFiles(q: ResolvedQuery): Generator<IndexFileRow> {
    const w = filesWhere(q, 'f')
    const stmt = this.db.prepare<unknown[], FileRaw>(
      `SELECT ${FILE_COLUMNS} FROM files f ${FILE_JOINS} WHERE ${w.sql} ORDER BY ${filesOrder(q.sort, 'f')}`,
    )
    for (const raw of stmt.iterate(...w.params)) yield fileRow(raw)
  }

  /**
   * Every file of a query, in its order, with only what fetching it needs: a download of 100,000 files reads five
   * columns of one table as arrays (no joins, none of a window's row objects), in about half iterateFiles' time.
   */
  *iterateFileBasics(q: ResolvedQuery): Generator<FileBasics> {
    const accounts = this.accountIds()
    const w = filesWhere(q)
    const stmt = this.db
      .prepare<unknown[], [acct: number, code: string, name: string, size: number, fldId: number]>(
        `SELECT acct, code, name, size, fld_id FROM files WHERE ${w.sql} ORDER BY ${filesOrder(q.sort)}`,
      )
      .raw(true)
    for (const [acct, fileCode, name, size, fldId] of stmt.iterate(...w.params)) {
      const accountId = accounts.get(acct)
      // As iterateFiles' join: a row of no account is no file of a result.
      if (accountId !== undefined) yield { kind: 'file', accountId, fileCode, name, size, fldId }
    }
  }

  /**
   * Just the page links of a query's files, in its order, with whose they are: what copying 100,000 links needs,
   * without the joins and row objects of a window.
   */
  *iterateLinks(q: ResolvedQuery): Generator<{ accountId: string; fileCode: string; link: string }> {
    const accounts = this.accountIds()
    const w = filesWhere(q)
    const stmt = this.db.prepare<unknown[], { acct: number; code: string; link: string }>(
      `SELECT acct, code, link FROM files WHERE ${w.sql} ORDER BY ${filesOrder(q.sort)}`,
    )
    for (const r of stmt.iterate(...w.params)) {
      yield { accountId: accounts.get(r.acct) ?? '', fileCode: r.code, link: pageLink(r.link, r.code) }
    }
  }

  /** Each account's id by its key in the index. */
  private accountIds(): Map<number, string> {
    return new Map(
      this.db
        .prepare<[], { acct: number; account_id: string }>('SELECT acct, account_id FROM accounts')
        .all()
        .map((a) => [a.acct, a.account_id]),
    )
  }

  /** The ids of a subtree's folders: the folder's own and every one below it. */
  subtreeFolderIds(q: ResolvedQuery & { under: number }): Set<number> {
    const below = subtreeFolders(q)
    return new Set(
      this.db
        .prepare<unknown[], { fld_id: number }>(below.sql)
        .all(...below.params)
        .map((r) => r.fld_id),
    )
  }

  /** Direct files of one folder, for the upload engine's "is it already there?" check. */
  filesIn(acct: number, fldId: number): IndexFileRow[] {
    return this.db
      .prepare<[number, number], FileRaw>(
        `SELECT ${FILE_COLUMNS} FROM files f ${FILE_JOINS} WHERE f.acct = ? AND f.fld_id = ?`,
      )
      .all(acct, fldId)
      .map(fileRow)
  }
}

function folderRow(f: FolderRaw, parents: FolderStep[]): IndexFolderRow {
  return {
    kind: 'folder',
    accountId: f.account_id,
    fldId: f.fld_id,
    parentId: f.parent_id,
    name: f.name,
    path: f.path,
    parents,
  }
}

function fileRow(r: FileRaw): IndexFileRow {
  return {
    kind: 'file',
    accountId: r.account_id,
    fileCode: r.code,
    name: r.name,
    size: r.size,
    uploaded: r.uploaded,
    downloads: r.downloads,
    fldId: r.fld_id,
    folderPath: r.path ?? '',
    link: pageLink(r.link, r.code),
    thumbnail: r.thumbnail,
    public: r.public,
  }
}

/** The page link `{base_url}/<file_code>`, cut from the host's `{base_url}/<file_code>/<name>.html`. */
export function pageLink(link: string, code: string): string {
  const at = link.indexOf(`/${code}`)
  if (at < 0) return link
  const end = at + code.length + 1
  return link.length === end || link[end] === '/' ? link.slice(0, end) : link
}
