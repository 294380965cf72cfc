/**
 * Normalised results of the file-host API (spec: /work/shared/spec/file-hosting-api.md), as the API client
 * returns them and as they travel over IPC. The host's snake_case fields become camelCase, numbers sent as
 * strings become numbers, and the two spellings of the file code (`file_code`, `filecode`) become `fileCode`.
 *
 * Timestamps stay the host's own strings (`YYYY-MM-DD HH:MM:SS`, shown without a time zone): converting them to
 * ISO would invent a zone the spec never names. Type `HostTimestamp` marks them.
 */

/** The host's `YYYY-MM-DD HH:MM:SS` string, unchanged (time zone not shown by the spec). */
export type HostTimestamp = string

/** Result of account/info. */
export interface AccountInfo {
  email: string
  /** Account balance; the host sends a decimal string with 5 fractional digits. */
  balance: number
  /** Storage used; null when the host sends null (its format otherwise is not shown: a numeric value is kept). */
  storageUsed: number | null
  /** End of the premium period, or null when the host sends none. */
  premiumExpire: HostTimestamp | null
  /** Storage left (unit not shown; bytes assumed); the host's `inf` becomes 'unlimited'. */
  storageLeft: number | 'unlimited'
}

/** One element of account/stats. */
export interface AccountStatsEntry {
  /** Day the row is about, when the host sends one (real hosts of this family send `day`; the spec shows none). */
  day?: string
  downloads: number
  sales: number
  views: number
  refs: number
  profitSales: number
  profitRefs: number
  profitSite: number
  profitTotal: number
}

/** Result of upload/server: where and with which session to POST a file. */
export interface UploadServer {
  sessId: string
  uploadUrl: string
}

/** One accepted file of an upload form POST (op 4). */
export interface UploadedFile {
  fileCode: string
}

/** What the upload helper (upload/server, then the form POST) returns for one file. */
export interface UploadOutcome {
  fileCode: string
  /** The file's public page, `{base_url}/<file_code>`. */
  link: string
  /** Bytes sent (the file's size when the upload started). */
  size: number
  /** The file name sent to the host. */
  name: string
}

/** Result of upload/url with `url` (op 5): the host started fetching; the file appears when it completes. */
export interface RemoteUploadStarted {
  /** The host's `msg`, normally `WORKING`. */
  message: string
}

/** Result of upload/url with `file_code` (op 6). What it is for beyond echoing the code is not shown. */
export interface RemoteUploadStatus {
  fileCode: string
  message?: string
}

/** Result of file/direct_link. */
export interface DirectLink {
  url: string
  size: number
}

/**
 * One record of file/info. Hosts of this family answer an unknown code inside a successful envelope with a
 * record whose status is not 200 and that has no name or size; that becomes `found: false`.
 */
export type FileInfo =
  | {
      found: true
      fileCode: string
      name: string
      size: number
      uploaded: HostTimestamp
      downloads: number
      status: number
    }
  | { found: false; fileCode: string; status: number }

/** Parameters of file/list; all optional (defaults and filter semantics are the host's, not shown). */
export interface FileListParams {
  page?: number
  perPage?: number
  fldId?: number
  /** Spec shows 1; other values not shown, so any integer is passed through. */
  public?: number
  /** A host timestamp, URL-encoded by the client. */
  created?: string
  name?: string
}

export interface FileListItem {
  fileCode: string
  name: string
  downloads: number
  /** null when the host sends none; a non-null value is kept as a string (its format is not shown). */
  thumbnail: string | null
  /** 1 shown; other values not shown, so kept as the host's integer. */
  public: number
  size: number
  /** The host's page link, `{base_url}/<file_code>/<name>.html`. */
  link: string
  fldId: number
  uploaded: HostTimestamp
}

/** Result of file/list. */
export interface FileList {
  files: FileListItem[]
  /** All files matching the filter (`results_total`). */
  resultsTotal: number
  /** Files in this page (`results`). */
  results: number
}

/** Result of file/clone. */
export interface ClonedFile {
  fileCode: string
  url: string
}

/** One element of files/deleted. */
export interface DeletedFile {
  fileCode: string
  name: string
  deleted: HostTimestamp
  deletedAgoSec: number
}

/** One checked URL of files/check, in the order the URLs were given. */
export interface FileCheckEntry {
  url: string
  found: boolean
  /** Bytes; 0 when the host sends none for a URL that was not found. */
  fileSize: number
}

export interface Folder {
  fldId: number
  name: string
  /** null shown; a non-null value is kept as a string. */
  code: string | null
}

/** A file as folder/list shows it (fewer fields than file/list). */
export interface FolderFile {
  fileCode: string
  name: string
  fldId: number
  /** `{base_url}/<file_code>` */
  link: string
  uploaded: HostTimestamp
}

/** Result of folder/list. */
export interface FolderListing {
  folders: Folder[]
  files: FolderFile[]
}

/** Result of folder/create. */
export interface CreatedFolder {
  fldId: number
}

/** Progress of one upload; `bytesSent` reaches `totalBytes` when the whole file has been handed to the socket. */
export interface UploadProgress {
  bytesSent: number
  totalBytes: number
}
