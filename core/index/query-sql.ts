import type { IndexSortKey, SortDir } from '../../shared/file-index.ts'

/** What a query asks for, in the index's own terms (accounts as keys). */
export interface ResolvedQuery {
  /** Accounts searched; null: every account. */
  accts: number[] | null
  /** A folder scope (one account): its folder id; the result is that folder's own subfolders and files. */
  fldId: number | null
  /**
   * A subtree scope (one account, never with fldId): the folder whose files and subfolders, and theirs at any
   * depth, are the result. 0, the root, is the whole account.
   */
  under?: number
  search: string
  sort: { key: IndexSortKey; dir: SortDir }
}

export interface SqlPart {
  sql: string
  params: Array<string | number>
}

/** Trigram search needs three characters; shorter text falls back to LIKE (case-insensitive for ASCII). */
const TRIGRAM = 3

export const sortColumn: Record<IndexSortKey, string> = {
  name: 'name_key',
  size: 'size',
  uploaded: 'uploaded_key',
  downloads: 'downloads',
}

/** Whether a query's search goes through the trigram table (else a LIKE over names, or no search). */
export function usesTrigrams(q: ResolvedQuery): boolean {
  return [...q.search].length >= TRIGRAM
}

/** Whether a query is a folder's subtree below the root (the root's is the whole account, and needs no folders). */
export function belowRoot(q: ResolvedQuery): q is ResolvedQuery & { under: number } {
  return q.under !== undefined && q.under !== 0
}

/**
 * The WHERE clause selecting the files of a query (folders are queried separately). `bySearch`: let the trigram
 * matches drive the query (unary `+` keeps SQLite off the account and folder indexes, which would otherwise be
 * scanned whole and each row checked against the matches): right for counting matches, and for ordering them
 * when they are few.
 */
export function filesWhere(q: ResolvedQuery, alias = '', bySearch = false): SqlPart {
  const c = column(alias)
  const i = bySearch && usesTrigrams(q) ? (name: string) => `+${c(name)}` : c
  const clauses: string[] = []
  const params: Array<string | number> = []
  if (q.accts !== null) {
    clauses.push(
      q.accts.length === 1 ? `${i('acct')} = ?` : `${i('acct')} IN (${q.accts.map(() => '?').join(',')})`,
    )
    params.push(...q.accts)
  }
  if (q.fldId !== null) {
    clauses.push(`${i('fld_id')} = ?`)
    params.push(q.fldId)
  }
  if (belowRoot(q)) {
    const below = subtreeFolders(q)
    clauses.push(`${i('fld_id')} IN (${below.sql})`)
    params.push(...below.params)
  }
  const search = searchClause(q.search, c)
  if (search !== null) {
    clauses.push(search.sql)
    params.push(...search.params)
  }
  return { sql: clauses.length === 0 ? '1' : clauses.join(' AND '), params }
}

function searchClause(search: string, c: (name: string) => string): SqlPart | null {
  if (search === '') return null
  if ([...search].length >= TRIGRAM) {
    // A quoted FTS5 string is matched as a substring by the trigram tokenizer; quotes inside are doubled.
    return {
      sql: `${c('id')} IN (SELECT rowid FROM files_fts WHERE files_fts MATCH ?)`,
      params: [`"${search.replaceAll('"', '""')}"`],
    }
  }
  return { sql: `${c('name')} LIKE ? ESCAPE '\\'`, params: [`%${escapeLike(search)}%`] }
}

/**
 * The folder ids of a subtree: the folder and every folder below it, found down parent_id on the folders_parent_key
 * index, so the result is exactly the tree the index holds. (A range over paths would need an index on them, and
 * would take in a folder whose own name holds a '/'.) UNION, not UNION ALL: a host's parent ids that loop end
 * the walk instead of running it forever.
 */
export function subtreeFolders(q: ResolvedQuery & { under: number }): SqlPart {
  const acct = q.accts?.[0]
  if (q.accts?.length !== 1 || acct === undefined) throw new Error('A subtree scope is in one account')
  return {
    sql: `WITH RECURSIVE below(fld_id) AS (SELECT ? UNION SELECT d.fld_id FROM below JOIN folders d
      ON d.acct = ? AND d.parent_id = below.fld_id) SELECT fld_id FROM below`,
    params: [q.under, acct],
  }
}

/**
 * The folders in a query's result, matching its search (by name; folders have no size or dates): the subfolders
 * of a folder scope, every folder below a subtree's, none elsewhere (a result across folders lists files).
 */
export function foldersWhere(q: ResolvedQuery, alias = ''): SqlPart | null {
  const acct = q.accts?.length === 1 ? q.accts[0] : undefined
  if (acct === undefined) return null
  const c = column(alias)
  let part: SqlPart
  if (q.fldId !== null) part = { sql: `${c('acct')} = ? AND ${c('parent_id')} = ?`, params: [acct, q.fldId] }
  else if (belowRoot(q)) {
    const below = subtreeFolders(q)
    part = {
      sql: `${c('acct')} = ? AND ${c('fld_id')} IN (${below.sql}) AND ${c('fld_id')} != ?`,
      params: [acct, ...below.params, q.under],
    }
  } else if (q.under === 0) part = { sql: `${c('acct')} = ?`, params: [acct] }
  else return null
  // The root's row (fld_id 0, its own parent) is never a row of a result.
  part.sql += ` AND ${c('fld_id')} != 0`
  if (q.search !== '') {
    part.sql += ` AND ${c('name')} LIKE ? ESCAPE '\\'`
    part.params.push(`%${escapeLike(q.search)}%`)
  }
  return part
}

/**
 * Files ordered by the sort key, ties broken by the order they were indexed, so windows never overlap. `byIndex`
 * false sorts the rows found (a few search matches) instead of walking the sort key's index.
 */
export function filesOrder(sort: ResolvedQuery['sort'], alias = '', byIndex = true): string {
  const c = column(alias)
  const dir = sort.dir === 'asc' ? 'ASC' : 'DESC'
  return `${byIndex ? '' : '+'}${c(sortColumn[sort.key])} ${dir}, ${c('id')} ${dir}`
}

/** Folders have only a name: by name (as people count) in the chosen direction when sorting by name, else A to Z. */
export function foldersOrder(sort: ResolvedQuery['sort'], alias = ''): string {
  const c = column(alias)
  const dir = sort.key === 'name' && sort.dir === 'desc' ? 'DESC' : 'ASC'
  return `${c('name_key')} ${dir}, ${c('fld_id')} ${dir}`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** Column names qualified with a table alias when the query joins. */
function column(alias: string): (name: string) => string {
  return alias === '' ? (name) => name : (name) => `${alias}.${name}`
}
