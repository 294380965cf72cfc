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
      if (page === 1) perPage = pageSizeOf(answer, perPage)
      replace.add(answer.files)
      received += answer.files.length
      if (answer.files.length === 0 || received >= answer.resultsTotal) break
    }
    // What the app wrote up to now is kept. A write after this, before the folder writer's thread takes the write
    // lock (a message hop, or longer while it writes another folder), is not: the next check puts it right, and
    // holding the app's writes back for every revalidation would cost more than that rare, short-lived miss.
    return await replace.commit(folders, appWrote())
  } catch (error) {
    replace.abort()
    throw error
  }
}
