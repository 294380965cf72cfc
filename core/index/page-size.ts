import type { FileList } from '../../shared/api/types.ts'

/**
 * The page size to ask for after a first page: fewer files than asked while more exist means the host clamps
 * per_page (real hosts cap it at 25-100), so ask for what it gives from then on, or later pages would overlap.
 */
export function pageSizeOf(first: FileList, asked: number): number {
  const got = first.files.length
  return got < asked && first.resultsTotal > got && got > 0 ? got : asked
}
