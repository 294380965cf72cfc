import type { FileListItem } from '../../shared/api/types.ts'
import type { ApiClient } from '../api/client.ts'

/**
 * The lost-attempt check. The API has no resumable uploads and no idempotency key, so when a send may have
 * reached the host without us learning the outcome (a crash, a cut answer, a dropped connection), the file may
 * be stored. Before sending again we look for it: a file with our exact name (and size, when known) in the root
 * (where uploads land until file/set_folder moves them) or the target folder, that was not there before our first
 * send (the snapshot) and is not the known result of another item.
 */

const PER_PAGE = 500
/** Far more same-name files than any real folder holds; the check gives up beyond this rather than loop. */
const MAX_PAGES = 40

export interface Candidate {
  fileCode: string
  size: number
  fldId: number
}

/** Files named exactly `name` (and of `size` when given) directly in the given folders. */
export async function sameNamed(
  client: ApiClient,
  name: string,
  size: number | null,
  folders: readonly number[],
  signal?: AbortSignal,
): Promise<Candidate[]> {
  const out: Candidate[] = []
  // The folders are listed at once (the root and the target: two round trips in the time of one).
  const unique = [...new Set(folders)]
  const lists = await Promise.all(unique.map((fldId) => listNamed(client, name, fldId, signal)))
  unique.forEach((fldId, n) => {
    for (const f of lists[n] ?? []) {
      // The name filter's semantics are not shown (the sandbox matches substrings, case-insensitively), so the
      // exact match is ours; so is the folder, in case a host ignores fld_id.
      if (f.name !== name || f.fldId !== fldId) continue
      if (size !== null && f.size !== size) continue
      out.push({ fileCode: f.fileCode, size: f.size, fldId: f.fldId })
    }
  })
  return out
}

async function listNamed(
  client: ApiClient,
  name: string,
  fldId: number,
  signal?: AbortSignal,
): Promise<FileListItem[]> {
  const files: FileListItem[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await client.fileList({ fldId, name, perPage: PER_PAGE, page }, { signal })
    files.push(...r.files)
    if (r.files.length === 0 || files.length >= r.resultsTotal) break
  }
  return files
}

/** Codes to record before the first send: files that are not ours whatever happens next. */
export async function takeSnapshot(
  client: ApiClient,
  name: string,
  size: number | null,
  folders: readonly number[],
  signal?: AbortSignal,
): Promise<string[]> {
  return (await sameNamed(client, name, size, folders, signal)).map((c) => c.fileCode)
}

/** The file a lost attempt stored, if any. */
export async function findLost(
  client: ApiClient,
  name: string,
  size: number | null,
  folders: readonly number[],
  snapshot: readonly string[],
  claimed: (code: string) => boolean,
  signal?: AbortSignal,
): Promise<Candidate | null> {
  const before = new Set(snapshot)
  const found = await sameNamed(client, name, size, folders, signal)
  return found.find((c) => !before.has(c.fileCode) && !claimed(c.fileCode)) ?? null
}
