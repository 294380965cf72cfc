import { defineMessages } from '@formatjs/intl'
import type { DownloadRequest } from '../../shared/downloads.ts'
import type { IndexFolderRow } from '../../shared/file-index.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { ApiClient } from '../api/client.ts'
import { filesByCode, type ResolvedFiles } from '../download/host-files.ts'
import type { HistoryStore } from '../history/history-store.ts'
import type { FileBasics } from '../index/index-reader.ts'
import type { IndexService } from '../index/index-service.ts'
import { accountOf, type ScopeContext } from '../index/query-scope.ts'
import type { ResolvedQuery } from '../index/query-sql.ts'
import type { Selection } from '../index/selection.ts'
import type { DownloadSource } from '../queue/download-plan.ts'

/**
 * The files of a download request in the app, read from the account index (a Ctrl+A of 100,000 files streams from
 * it, never from rows the window loaded), from the upload history for a batch, and from the API for codes the
 * index does not hold (yet). Read-only: the index is only queried (file, iterateFileBasics, selectedFileBasics,
 * window), for the five columns a download needs.
 *
 * Where each file goes below the download folder (relDir) mirrors the host's tree below what was asked for:
 * - a folder: the folder names from it down to the file's folder (none for its own files);
 * - the whole account, or a selection across folders (a search of the account or of all accounts): from the root;
 * - a selection from one folder, or a list of picked files: no folders (they land side by side);
 * - an upload batch: the folders of the drop, as the history has them (`photos/2024/a.jpg`).
 * A folder with no file in the index (not crawled yet) is read from the host instead. Folder names come from the index's folder rows (a name may hold a '/', so a path string is never split).
 */

export interface IndexSource {
  /** Its public reads only: the service keeps its reader private. */
  index: Pick<IndexService, 'opened' | 'file' | 'iterateFileBasics' | 'selectedFileBasics' | 'window'>
  scope: ScopeContext
}

export interface DownloadFileSources {
  /** The account index; null when it could not open (the API answers then, for codes and folders). */
  index: IndexSource | null
  history: HistoryStore
  client(accountId: string): Promise<ApiClient>
  /** Without an index: a folder or the account through the API (core/download/host-files.ts). */
  fromApi(client: ApiClient, accountId: string, what: DownloadRequest['what']): Promise<ResolvedFiles>
}

/** Folder windows read at a time while collecting folder names. */
const FOLDER_WINDOW = 1000

/** The files of a request; only its account and `what` are read (a drag out of the window has no folder). */
export async function downloadFiles(
  r: Pick<DownloadRequest, 'accountId' | 'what'>,
  s: DownloadFileSources,
): Promise<ResolvedFiles> {
  const { what } = r
  if ('batchId' in what) return batchFiles(r.accountId, what.batchId, s)
  const index = s.index
  if (index === null) {
    if ('selection' in what) throw translatedError({ kind: 'internal' }, TEXT.noIndex)
    return s.fromApi(await s.client(r.accountId), r.accountId, what)
  }
  // After an update the index may still be brought up to date: its reads wait for that (index-service.ts).
  await index.index.opened()
  if ('codes' in what) return codeFiles(r.accountId, what.codes, index, s)
  if ('selection' in what) return selectionFiles(what.selection, index)
  const accountId = accountOf(r.accountId, index.scope)
  const under = 'all' in what ? 0 : what.fldId
  const recursive = 'all' in what || what.recursive
  const query: ResolvedQuery = {
    accts: [index.scope.key(accountId)],
    fldId: recursive ? null : under,
    ...(recursive ? { under } : {}),
    search: '',
    sort: { key: 'name', dir: 'asc' },
  }
  const files = [...index.index.iterateFileBasics(query)]
  // Nothing indexed there: a folder not crawled yet (or empty, which the host then says at the cost of a listing).
  if (files.length === 0) return s.fromApi(await s.client(accountId), accountId, what)
  const trail = recursive ? folderTrails(index, accountId, under) : noFolders
  return { files: files.map((f) => sourceOf(f, trail(f.fldId))), problems: [] }
}

/**
 * The relDir of files that land side by side, one array for all of them (as a folder's trail is one array for its
 * files): the local plan then makes each target folder's path once, not once per file.
 */
const NO_FOLDERS: readonly string[] = Object.freeze([])
const noFolders = (): readonly string[] => NO_FOLDERS

function sourceOf(row: FileBasics, relDir: readonly string[]): DownloadSource {
  return {
    code: row.fileCode,
    name: row.name,
    size: row.size,
    relDir,
    accountId: row.accountId,
    fldId: row.fldId,
  }
}

/** Codes from the index; those it does not hold are asked of the host. */
async function codeFiles(
  accountId: string,
  codes: readonly string[],
  index: IndexSource,
  s: DownloadFileSources,
): Promise<ResolvedFiles> {
  const id = accountOf(accountId, index.scope)
  const out: ResolvedFiles = { files: [], problems: [] }
  const unknown: string[] = []
  for (const code of new Set(codes)) {
    const row = index.index.file(id, code)
    if (row === null) unknown.push(code)
    else out.files.push(sourceOf(row, []))
  }
  if (unknown.length === 0) return out
  const asked = await filesByCode(await s.client(id), id, unknown)
  return { files: [...out.files, ...asked.files], problems: asked.problems }
}

/** A selection's files, in its order; relDir as the module comment says. */
function selectionFiles(selection: Selection, index: IndexSource): ResolvedFiles {
  const out: ResolvedFiles = { files: [], problems: [] }
  const scope = selection.kind === 'query' ? selection.query.scope : null
  const trails = new Map<string, (fldId: number) => readonly string[]>()
  const trailOf = (accountId: string): ((fldId: number) => readonly string[]) => {
    if (scope === null || scope.kind === 'folder') return noFolders
    let trail = trails.get(accountId)
    if (trail === undefined) {
      trail = folderTrails(index, accountId, scope.kind === 'subtree' ? scope.fldId : 0)
      trails.set(accountId, trail)
    }
    return trail
  }
  // Read whole before the folder names: SQLite answers one statement at a time on a connection.
  for (const row of [...index.index.selectedFileBasics(selection, index.scope)]) {
    if (row.kind === 'missing') {
      const { message, messageId, values } = translatedError({ kind: 'not_found' }, TEXT.notIndexed, {
        fileCode: row.fileCode,
      })
      out.problems.push({
        fileCode: row.fileCode,
        message,
        ...(messageId ? { messageId } : {}),
        ...(values ? { values } : {}),
      })
      continue
    }
    out.files.push(sourceOf(row, trailOf(row.accountId)(row.fldId)))
  }
  return out
}

/** An upload batch's files of the account, in the folders they were dropped from. */
function batchFiles(accountId: string, batchId: string, s: DownloadFileSources): ResolvedFiles {
  const entries = s.history.byBatch(batchId).filter((e) => e.accountId === accountId)
  if (entries.length === 0) throw translatedError({ kind: 'not_found' }, TEXT.noBatchUploads)
  return {
    files: entries.map((e) => ({
      code: e.fileCode,
      name: e.name,
      size: e.size,
      relDir: e.relPath.split('/').slice(0, -1),
      accountId,
      fldId: e.fldId,
    })),
    problems: [],
  }
}

/**
 * The folder names from `root` down to each folder of the account (none for `root` itself), from the index's
 * folder rows: a subtree query lists every folder below `root` with its trail from the account's root.
 */
function folderTrails(
  index: IndexSource,
  accountId: string,
  root: number,
): (fldId: number) => readonly string[] {
  const q: ResolvedQuery = {
    accts: [index.scope.key(accountId)],
    fldId: null,
    under: root,
    search: '',
    sort: { key: 'name', dir: 'asc' },
  }
  const names = new Map<number, string[]>()
  const folders = index.index.window(q, [accountId], 0, 0).folders
  for (let offset = 0; offset < folders; offset += FOLDER_WINDOW) {
    const rows = index.index.window(q, [accountId], offset, Math.min(FOLDER_WINDOW, folders - offset)).rows
    for (const row of rows as IndexFolderRow[]) {
      const steps = [...row.parents, { id: row.fldId, name: row.name }]
      const from = root === 0 ? 0 : steps.findIndex((step) => step.id === root) + 1
      names.set(
        row.fldId,
        steps.slice(from).map((step) => step.name),
      )
    }
  }
  return (fldId) => names.get(fldId) ?? NO_FOLDERS
}

const TEXT = defineMessages({
  notIndexed: {
    id: 'download.problem.notIndexed',
    defaultMessage: 'The file {fileCode} is no longer in the file index (deleted or moved away on the host).',
  },
  noIndex: {
    id: 'errors.download.noIndex',
    defaultMessage: 'The file index is not available, so a selection of the file list cannot be downloaded.',
  },
  noBatchUploads: {
    id: 'errors.download.noBatchUploads',
    defaultMessage: 'The upload history has no uploads of this batch to that account.',
  },
})
