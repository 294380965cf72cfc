import type { z } from 'zod'
import type { IndexFileRow, SelectionSummary } from '../../shared/file-index.ts'
import type { selectionSchema } from '../../shared/ipc/index-contract.ts'
import { basicsOf, type FileBasics, type IndexReader } from './index-reader.ts'
import { resolveQuery, type ScopeContext } from './query-scope.ts'
import { belowRoot, type ResolvedQuery } from './query-sql.ts'

export type Selection = z.infer<typeof selectionSchema>

/** A picked file the index does not hold (deleted meanwhile, or a stale selection). */
export interface MissingFile {
  kind: 'missing'
  accountId: string
  fileCode: string
}

/**
 * The files of a selection, lazily: a query's result in its order less the unticked files, or the listed files
 * (each at most once) with the ones the index no longer has reported as missing. Folders are never part of it.
 */
export function selectedFiles(
  sel: Selection,
  reader: IndexReader,
  ctx: ScopeContext,
): Generator<IndexFileRow | MissingFile> {
  return selectedRows(sel, ctx, (q) => reader.iterateFiles(q), reader)
}

/** The same files with only what fetching them needs (a download's plan), read as IndexReader.iterateFileBasics says. */
export function selectedFileBasics(
  sel: Selection,
  reader: IndexReader,
  ctx: ScopeContext,
): Generator<FileBasics | MissingFile> {
  return selectedRows(sel, ctx, (q) => reader.iterateFileBasics(q), {
    file: (acct, code) => {
      const row = reader.file(acct, code)
      return row === null ? null : basicsOf(row)
    },
  })
}

function* selectedRows<R extends FileBasics>(
  sel: Selection,
  ctx: ScopeContext,
  rowsOf: (q: ResolvedQuery) => Iterable<R>,
  one: { file(acct: number, code: string): R | null },
): Generator<R | MissingFile> {
  if (sel.kind === 'query') {
    const { query } = resolveQuery(sel.query, ctx)
    // A Ctrl+A unticks nothing: its 100,000 rows pass without a key made for each.
    if (sel.except.length === 0) {
      yield* rowsOf(query)
      return
    }
    const except = new Set(sel.except.map((f) => `${f.accountId}\u0000${f.fileCode}`))
    for (const row of rowsOf(query)) {
      if (!except.has(`${row.accountId}\u0000${row.fileCode}`)) yield row
    }
    return
  }
  const seen = new Set<string>()
  const known = new Set(ctx.accountIds())
  for (const f of sel.files) {
    const id = `${f.accountId}\u0000${f.fileCode}`
    if (seen.has(id)) continue
    seen.add(id)
    const row = known.has(f.accountId) ? one.file(ctx.key(f.accountId), f.fileCode) : null
    yield row ?? { kind: 'missing', accountId: f.accountId, fileCode: f.fileCode }
  }
}

/** The page links of a selection, in its order (the files the index no longer has are left out). */
export function selectedLinks(sel: Selection, reader: IndexReader, ctx: ScopeContext): string[] {
  const links: string[] = []
  if (sel.kind === 'query') {
    const except = new Set(sel.except.map((f) => `${f.accountId}\u0000${f.fileCode}`))
    for (const f of reader.iterateLinks(resolveQuery(sel.query, ctx).query)) {
      if (!except.has(`${f.accountId}\u0000${f.fileCode}`)) links.push(f.link)
    }
    return links
  }
  for (const f of selectedFiles(sel, reader, ctx)) if (f.kind === 'file') links.push(f.link)
  return links
}

/** Count and bytes of a selection; a query's come from its totals, less the unticked files it holds. */
export function summarize(sel: Selection, reader: IndexReader, ctx: ScopeContext): SelectionSummary {
  if (sel.kind === 'query') {
    const { query } = resolveQuery(sel.query, ctx)
    const totals = reader.totals(query)
    let files = totals.files
    let totalSize = totals.totalSize
    const except = new Set(sel.except.map((f) => `${f.accountId}\u0000${f.fileCode}`))
    const holds = resultHolds(query, reader)
    for (const key of except) {
      const [accountId = '', fileCode = ''] = key.split('\u0000')
      if (!ctx.accountIds().includes(accountId)) continue
      const row = reader.file(ctx.key(accountId), fileCode)
      if (row !== null && query.accts?.includes(ctx.key(accountId)) !== false && holds(row)) {
        files--
        totalSize -= row.size
      }
    }
    return { files, totalSize }
  }
  let files = 0
  let totalSize = 0
  for (const row of selectedFiles(sel, reader, ctx)) {
    if (row.kind === 'missing') continue
    files++
    totalSize += row.size
  }
  return { files, totalSize }
}

/**
 * Whether an unticked file (of one of the query's accounts) is part of its result: only those change its totals.
 * A subtree's folders are read once for all the unticked files.
 */
function resultHolds(q: ResolvedQuery, reader: IndexReader): (row: IndexFileRow) => boolean {
  const folders = belowRoot(q) ? reader.subtreeFolderIds(q) : null
  return (row) => {
    if (q.fldId !== null && row.fldId !== q.fldId) return false
    if (folders !== null && !folders.has(row.fldId)) return false
    return q.search === '' || row.name.toLowerCase().includes(q.search.toLowerCase())
  }
}
