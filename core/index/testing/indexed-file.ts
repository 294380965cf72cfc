import type Database from 'better-sqlite3'
import { filesJson, type IndexedFile } from '../files-json.ts'
import { ListingWrites } from '../listing-writes.ts'

/** File number `i` as file/list would list it (every field of the record), with the fields a test sets. */
export function indexedFile(i: number, fields: Partial<IndexedFile> = {}): IndexedFile {
  return {
    fileCode: `code${String(i).padStart(8, '0')}`,
    name: `file-${i}.bin`,
    size: 100 + i,
    uploaded: '2026-11-20 10:00:00',
    downloads: 0,
    fldId: 0,
    link: `https://host.example/code${i}`,
    thumbnail: null,
    public: 1,
    ...fields,
  }
}

/** Writes files as a listing of the host would (no app write since it began), on a test's own connection. */
export function putListedFiles(db: Database.Database, acct: number, files: readonly IndexedFile[]): void {
  new ListingWrites(db).putFiles(acct, 0, 0, filesJson(files))
}
