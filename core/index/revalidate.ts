import type { ApiClient } from '../api/client.ts'
import type { FolderWriter } from './folder-writer.ts'
import { pageSizeOf } from './page-size.ts'
import type { AppWritten, RecentAppWrites } from './recent-app-writes.ts'

export interface RevalidateDeps {
  client: ApiClient
  writer: FolderWriter
  acct: number
  fldId: number
  perPage: number
  signal: AbortSignal
  appWrites: RecentAppWrites
}

/** Pages of one folder read before giving up on a host whose pages never end (a bug, not a big folder). */
const MAX_PAGES = 100_000

/**
 * Brings one folder of the index in line with the host: its subfolders (folder/list, whose file records are
 * skipped) and its files with every field (file/list with fld_id, all pages, counted by what arrives). Pages go to
 * the folder writer's thread as they arrive, and the folder is replaced there in one transaction, except for the
 * rows the app changed while the host was read (newer than this listing); true when anything differed.
 */
export async function revalidateFolder(d: RevalidateDeps): Promise<boolean> {
  let changed = false
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const outcome = await d.appWrites.during(d.acct, (appWrote) => replaceFromHost(d, appWrote))
    changed ||= outcome.changed
    if (!outcome.wroteDuringHandOver) break
  }
  return changed
}

/**
 * Passes of a revalidation: a second runs only when the app wrote rows while the first was being handed to the
 * folder writer's thread (see below), and then reads a host that has the app's change.
 */
const MAX_PASSES = 2

async function replaceFromHost(
  d: RevalidateDeps,
  appWrote: () => AppWritten,
): Promise<{ changed: boolean; wroteDuringHandOver: boolean }> {
  const replace = await d.writer.begin(d.acct, d.fldId)
  try {
    const folders = await d.client.subfolders(d.fldId, { signal: d.signal })
    let perPage = d.perPage
    for (let page = 1, received = 0; page <= MAX_PAGES; page++) {
      const answer = await d.client.fileList({ page, perPage, fldId: d.fldId }, { signal: d.signal })
      if (page === 1) perPage = pageSizeOf(answer, perPage)
      replace.add(answer.files)
      received += answer.files.length
      if (answer.files.length === 0 || received >= answer.resultsTotal) break
    }
    // What the app wrote up to now is kept. A row it writes after this, before the thread's transaction (a message
    // hop, or longer while the thread writes another folder), may be overwritten by this older listing: the app
    // writes only what the host has confirmed, so a listing read afterwards has it, and the caller reads again.
    const keep = appWrote()
    const changed = await replace.commit(folders, keep)
    const now = appWrote()
    // Rows written are never forgotten while this listing runs, so more of them means new ones.
    const wroteDuringHandOver = now.codes.size > keep.codes.size || now.fldIds.size > keep.fldIds.size
    return { changed, wroteDuringHandOver }
  } catch (error) {
    replace.abort()
    throw error
  }
}
