import type { HostTimestamp } from './api/types.ts'
import type { FiledockErrorData } from './errors.ts'

/**
 * The account index as the renderer sees it: rows of a query's window. Types only; the schemas of the inputs are
 * in ipc/index-contract.ts.
 */

export type IndexSortKey = 'name' | 'size' | 'uploaded' | 'downloads'
export type SortDir = 'asc' | 'desc'

/** One folder on the way from an account's root to another (the root itself is never a step). */
export interface FolderStep {
  id: number
  name: string
}

/** A subfolder of the open folder (or, in a search from it, any folder below it), shown before the files. */
export interface IndexFolderRow {
  kind: 'folder'
  accountId: string
  fldId: number
  parentId: number
  name: string
  /** Path from the account's root, e.g. `photos/2024` ('' for the root itself). */
  path: string
  /** The folders from the root down to its parent (none in the root): its breadcrumb, less itself. */
  parents: FolderStep[]
}

/** A file, with every field file/list gave for it and where it lives. */
export interface IndexFileRow {
  kind: 'file'
  accountId: string
  fileCode: string
  name: string
  size: number
  uploaded: HostTimestamp
  downloads: number
  fldId: number
  /** Path of the file's folder from the account's root ('' in the root). */
  folderPath: string
  /** The file's page link, `{base_url}/<file_code>`. */
  link: string
  thumbnail: string | null
  public: number
}

export type IndexRow = IndexFolderRow | IndexFileRow

export interface IndexWindow {
  offset: number
  rows: IndexRow[]
  /** Rows in the whole result (folders + files). */
  total: number
  /** Of which folders (they come first in a folder scope). */
  folders: number
  /** Bytes of all files in the whole result. */
  totalSize: number
  /** False while the account(s) behind the result have never been fully crawled: the result may still grow. */
  complete: boolean
}

/** upgrading: the index file is being brought up to date for this version (once, after an update); reads wait. */
export type IndexState = 'empty' | 'crawling' | 'ready' | 'paused' | 'error' | 'upgrading'

export interface IndexStatus {
  accountId: string
  label: string
  state: IndexState
  filesIndexed: number
  /** The host's results_total when known (it may change during a crawl). */
  filesTotal: number | null
  foldersIndexed: number
  /** ISO time of the last full crawl that finished, null if none. */
  lastFullCrawl: string | null
  /** A crawl that ended with something to say (a page that stayed garbage, a rebuilt index file): English. */
  warning: string | null
  /** The same with its message id, so each window shows it in its own language (errorText). */
  warningError?: FiledockErrorData
}

export interface SelectionSummary {
  files: number
  totalSize: number
}

export interface LinksForSelection {
  count: number
  /** True when main wrote the links to the clipboard itself (Electron); the text is then not sent. */
  copied: boolean
  text: string | null
}
