import type { IndexSortKey, SortDir } from '../../shared/file-index.ts'

/** What a query asks for, in the index's own terms (accounts as keys). */
export interface ResolvedQuery {
  /** Accounts searched; null: every account. */
  accts: number[] | null
  /** A folder scope (one account): its folder id. */
  fldId: number | null
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
  name: 'name',
  size: 'size',
  uploaded: 'uploaded_key',
  downloads: 'downloads',
}

/** Whether a query's search goes through the trigram table (else a LIKE over names, or no search). */
export function usesTrigrams(q: ResolvedQuery): boolean {
  return [...q.search].length >= TRIGRAM
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

/** Folders of a folder scope matching the search (names only; folders have no size or dates). */
export function foldersWhere(acct: number, parentId: number, search: string, alias = ''): SqlPart {
  const c = column(alias)
  const params: Array<string | number> = [acct, parentId]
  let sql = `${c('acct')} = ? AND ${c('parent_id')} = ? AND ${c('fld_id')} != 0`
  if (search !== '') {
    sql += ` AND ${c('name')} LIKE ? ESCAPE '\\'`
    params.push(`%${escapeLike(search)}%`)
  }
  return { sql, params }
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

/** Folders have only a name: by name in the chosen direction when sorting by name, else A to Z. */
export function foldersOrder(sort: ResolvedQuery['sort'], alias = ''): string {
  const c = column(alias)
  const dir = sort.key === 'name' && sort.dir === 'desc' ? 'DESC' : 'ASC'
  return `${c('name')} ${dir}, ${c('fld_id')} ${dir}`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** Column names qualified with a table alias when the query joins. */
function column(alias: string): (name: string) => string {
  return alias === '' ? (name) => name : (name) => `${alias}.${name}`
}
