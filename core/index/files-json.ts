import type { FileListItem } from '../../shared/api/types.ts'

/** A file as the index stores it: every field of a file/list record. */
export type IndexedFile = FileListItem

/**
 * File records as JSON text, the form in which files travel to the writer thread and into SQLite: main turns a
 * page into one string (a copy to post, where 500 objects would be cloned field by field), and the writer's
 * statements read it with json_each, one statement for the page instead of one per row.
 */
export type FilesJson = string & { readonly filesJson: unique symbol }

/** The fields of IndexedFile: a row made from a wider object (a window's row, for a clone) is cut to them. */
const FIELDS: ReadonlyArray<keyof IndexedFile> = [
  'fileCode',
  'name',
  'size',
  'uploaded',
  'downloads',
  'fldId',
  'link',
  'thumbnail',
  'public',
]

/** File/list records (exactly IndexedFile's fields, as the API client gives them) as FilesJson. */
export function filesJson(files: readonly IndexedFile[]): FilesJson {
  return JSON.stringify(files) as FilesJson
}

/** A file built from a wider object (a window's row with a new code, for a clone) as FilesJson. */
export function fileJson(file: IndexedFile): FilesJson {
  return JSON.stringify([file], FIELDS as string[]) as FilesJson
}
