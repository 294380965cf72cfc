import type { ApiClient } from '../api/client.ts'
import type { FolderWriter } from './folder-writer.ts'
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
export function revalidateFolder(d: RevalidateDeps): Promise<boolean> {
  return d.appWrites.during(d.acct, (appWrote) => replaceFromHost(d, appWrote))
}

async function replaceFromHost(d: RevalidateDeps, appWrote: () => AppWritten): Promise<boolean> {
  const replace = await d.writer.begin(d.acct, d.fldId)
  try {
    const folders = await d.client.subfolders(d.fldId, { signal: d.signal })
    let perPage = d.perPage
    for (let page = 1, received = 0; page <= MAX_PAGES; page++) {
      const answer = await d.client.fileList({ page, perPage, fldId: d.fldId }, { signal: d.signal })
      if (
        page === 1 &&
        answer.files.length < perPage &&
        answer.resultsTotal > answer.files.length &&
        answer.files.length > 0
      ) {
        // The host clamps per_page: ask for what it gives from now on, or pages would overlap.
        perPage = answer.files.length
      }
      replace.add(answer.files)
      received += answer.files.length
      if (answer.files.length === 0 || received >= answer.resultsTotal) break
    }
    return await replace.commit(folders, appWrote())
  } catch (error) {
    replace.abort()
    throw error
  }
}
