/** In-memory records of the sandbox and the journal entries that create and change them. */

export interface FileRec {
  code: string
  acct: number
  name: string
  /** Lower-cased name, kept for the case-insensitive `name` filter of file/list. */
  nameLower: string
  size: number
  fld: number
  /** Upload time, epoch ms. */
  uploaded: number
  /** `uploaded` formatted, filled on first use: formatting dates dominated the cost of large lists. */
  uploadedText: string | null
  /** Insertion order; lists sort on it (newest first) because timestamps can tie. */
  seq: number
  downloads: number
  public: 0 | 1
  /** Blob id under dataDir/blobs, or null for seeded files whose content is generated on download. */
  blob: string | null
  /** This file's record in file/list answers, serialised; null when a change (rename, move, download) voids it. */
  listJson: string | null
  /** The same for folder/list answers. */
  folderJson: string | null
  /** Seed of the generated content of a seeded file (null for stored blobs). */
  virt: number | null
  /** Deletion time, epoch ms; null while the file is alive. */
  deleted: number | null
}

export interface Folder {
  id: number
  acct: number
  parent: number
  name: string
  children: number[]
  /** Files directly in this folder, ascending by seq. */
  files: FileRec[]
}

export interface DayStats {
  downloads: number
  views: number
  /** Earnings in units of 0.00001 (the spec's 5 fractional digits), so sums never drift. */
  profit: number
}

export interface Account {
  id: number
  email: string
  key: string
  created: number
  /** Storage quota in bytes; null = unlimited (`storage_left: "inf"`). */
  quota: number | null
  used: number
  root: Folder
  /** Alive files, ascending by seq. */
  files: FileRec[]
  /** Deleted files, in deletion order. */
  deleted: FileRec[]
  stats: Map<string, DayStats>
  seeded: boolean
}

export interface Session {
  id: string
  acct: number
  expires: number
}

export type Entry =
  | { t: 'init'; secret: string; at: number }
  | { t: 'acct'; id: number; email: string; key: string; at: number; quota: number | null }
  | { t: 'seed'; acct: number; n: number; at: number; salt: number; flat?: boolean }
  | { t: 'sess'; id: string; acct: number; exp: number }
  | {
      t: 'file'
      code: string
      acct: number
      name: string
      size: number
      fld: number
      at: number
      blob: string | null
      virt: number | null
    }
  | { t: 'ren'; code: string; name: string }
  | { t: 'mv'; code: string; fld: number }
  | { t: 'del'; code: string; at: number }
  | { t: 'fld'; id: number; acct: number; parent: number; name: string }
  | { t: 'fren'; id: number; name: string }
  | { t: 'dl'; code: string; at: number }
  | { t: 'view'; code: string; at: number }
  /** Written only by compaction (compact-journal.ts): the downloads of many `dl` entries of one file, summed. */
  | { t: 'dls'; code: string; n: number }
  /** Written only by compaction: one account's day of `dl` and `view` entries, summed (profit included). */
  | { t: 'day'; acct: number; day: string; downloads: number; views: number; profit: number }

/** What one download earns the owner, in units of 0.00001: makes profit columns of account/stats non-trivial. */
export const profitPerDownload = 10
