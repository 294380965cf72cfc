import type { IndexedFile } from '../index-writes.ts'

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
