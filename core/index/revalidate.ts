import type { ApiClient } from '../api/client.ts'
import { filesJson } from './files-json.ts'
import type { IndexWriter } from './index-writer.ts'
import { pageSizeOf } from './page-size.ts'

export interface RevalidateDeps {
  client: ApiClient
  writer: IndexWriter
  acct: number
  fldId: number
  perPage: number
  signal: AbortSignal
  /** The folder's first page is in the index and changed it (before the whole folder is read). */
  onFirstPage(): void
}

/** Pages of one folder read before giving up on a host whose pages never end (a bug, not a big folder). */
const MAX_PAGES = 100_000

/**
 * Brings one folder of the index in line with the host: its files with every field (file/list with fld_id, all
 * pages, counted by what arrives) and its subfolders (folder/list, whose file records are skipped). The first
 * page is written at once, so a folder opened before the crawl reached it shows its first rows while the rest is
 * read; every page goes to the writer thread as it arrives, and the folder is replaced there in one transaction.
 * The listing takes the writer's mark before it asks the host: what the app writes after that is newer than
 * the listing, and its rows stay as the app wrote them, whenever the app's write reaches the thread. True when
 * anything differed.
 */
export async function revalidateFolder(d: RevalidateDeps): Promise<boolean> {
  const mark = d.writer.mark()
  const replace = await d.writer.beginReplace(d.acct, d.fldId, mark)
  try {
    let firstWrite: Promise<boolean> = Promise.resolve(false)
    let perPage = d.perPage
    for (let page = 1, received = 0; page <= MAX_PAGES; page++) {
      const answer = await d.client.fileList({ page, perPage, fldId: d.fldId }, { signal: d.signal })
      const files = filesJson(answer.files)
      if (page === 1) {
        perPage = pageSizeOf(answer, perPage)
        // Not awaited: the next pages are read while the thread writes this one.
        firstWrite = replace.addNow(files).then((changed) => {
          if (changed) d.onFirstPage()
          return changed
        })
        // Its failure is met where it is awaited below (or with the listing's own, which comes first).
        firstWrite.catch(() => undefined)
      } else replace.add(files)
      received += answer.files.length
      if (answer.files.length === 0 || received >= answer.resultsTotal) break
    }
    // After the files: a big folder's folder/list carries every file again (15 MB for 100,000), so its
    // subfolders would hold back the first page.
    const folders = await d.client.subfolders(d.fldId, { signal: d.signal })
    const firstChanged = await firstWrite
    return (await replace.commit(folders)) || firstChanged
  } catch (error) {
    replace.abort()
    throw error
  }
}
