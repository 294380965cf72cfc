import pLimit, { type LimitFunction } from 'p-limit'
import { FiledockError } from '../../shared/errors.ts'
import type { ApiClient } from '../api/client.ts'
import type { AccountRows } from './account-rows.ts'
import { filesJson } from './files-json.ts'
import { INDEX_WARNINGS, indexWarning } from './index-warning.ts'
import type { IndexWriter } from './index-writer.ts'
import { PageBatches } from './page-batches.ts'
import { pageSizeOf } from './page-size.ts'

export interface CrawlDeps {
  accountId: string
  client: ApiClient
  /** Main's reads of the account's bookkeeping (what the writer has committed). */
  accounts: AccountRows
  writer: IndexWriter
  /** Asked of file/list; the host may give fewer (it clamps), and the crawl then asks for what it gives. */
  perPage: number
  /** Requests in flight at once for this account (polite to the host). */
  concurrency: number
  /** Re-check passes after the first when the count does not add up (files moved between pages meanwhile). */
  maxPasses: number
  signal: AbortSignal
  /** After each write of pages or folders: what is indexed so far. */
  onProgress(filesTotal: number | null): void
}

/** How a crawl ended; its end (and warning) is in the account's row once it is returned. */
export type CrawlOutcome = { complete: true } | { complete: false; warning: string }

/**
 * One full crawl of an account into a new generation, resumable: the folder walk's frontier (folders with
 * listed = 0) and the file pages done are in the database, so a crawl cut by a restart continues where it was.
 * The walk and the file pages share the account's requests and run side by side, the first file page first: the
 * account's first rows show as soon as one page is read, not after every folder has been listed.
 *
 * Exactness: pages are counted by what arrives, never by what was asked (a host that clamps per_page is detected
 * on the first page and asked for what it gives); a code seen twice is one row; every row seen gets the pass's
 * generation. A pass is complete when the rows it saw equal the host's results_total asked again at its end;
 * only then are rows of older generations (files deleted meanwhile) dropped. Files that moved between pages
 * during the pass make the count differ, and a re-check pass (a new generation) runs, up to maxPasses.
 *
 * Each listing takes the writer's mark before it asks the host, and its write leaves what the app wrote after
 * that (index-writer.ts): a rename made while a page was on its way is not undone by the page.
 */
export async function crawlAccount(d: CrawlDeps): Promise<CrawlOutcome> {
  const acct = await d.writer.account(d.accountId)
  let row = d.accounts.get(d.accountId)
  if (!row.crawling) {
    await d.writer.startPass(acct, row.generation + 1, 0)
    row = d.accounts.get(d.accountId)
  }
  // The first pass's walk runs beside its file pages; a re-check pass lists files only.
  let walk = true
  for (;;) {
    row = d.accounts.get(d.accountId)
    const run: Run = { limit: pLimit(d.concurrency), failure: null }
    const [, listed] = await Promise.all([
      walk ? walkFolders(d, run, acct, row.generation) : null,
      listFiles(d, run, acct, row.generation, row.crawlPerPage, row.filesTotal),
    ])
    walk = false
    if (listed === null || run.failure !== null) throw run.failure
    if (!listed.complete) return listed
    const latest = (await d.client.fileList({ page: 1, perPage: 1 }, { signal: d.signal })).resultsTotal
    const seen = d.accounts.countGeneration(acct, row.generation)
    if (seen === latest) {
      await d.writer.endCrawl(
        acct,
        { crawling: false, filesTotal: latest, lastFullCrawl: new Date().toISOString(), warning: null },
        row.generation,
      )
      return { complete: true }
    }
    if (row.crawlPass + 1 >= d.maxPasses) {
      const warning = indexWarning(INDEX_WARNINGS.countChanging, { reported: latest, listed: seen })
      await d.writer.endCrawl(acct, { crawling: false, filesTotal: latest, warning }, null)
      return { complete: false, warning }
    }
    // Files shifted between pages: list them again in a fresh generation (folders are already known).
    await d.writer.startPass(acct, row.generation + 1, row.crawlPass + 1)
  }
}

/**
 * One pass's requests: the walk and the file pages take turns at the host through one limit, and the first
 * failure (the host went away) stops both from asking more; the pass ends once every turn has, and fails with it.
 */
interface Run {
  limit: LimitFunction
  failure: unknown
}

/** Breadth-first over folder/list, a few folders at a time; each listed folder is marked in the same write. */
async function walkFolders(d: CrawlDeps, run: Run, acct: number, gen: number): Promise<void> {
  for (
    let frontier = d.accounts.unlistedFolders(acct);
    frontier.length > 0 && run.failure === null;
    frontier = d.accounts.unlistedFolders(acct)
  ) {
    await Promise.all(
      frontier.map(async (fldId) => {
        // The request's turn ends with its answer: the write does not hold one of the host's turns.
        const listed = await run.limit(async () => {
          if (run.failure !== null) return null
          const mark = d.writer.mark()
          try {
            return { mark, folders: await d.client.subfolders(fldId, { signal: d.signal }) }
          } catch (error) {
            run.failure ??= error
            return null
          }
        })
        if (listed === null) return
        try {
          await d.writer.folderListed(acct, gen, listed.mark, fldId, listed.folders)
          d.onProgress(null)
        } catch (error) {
          run.failure ??= error
        }
      }),
    )
  }
}

/** The pass's file pages, the first one first; null when the run failed (run.failure says why). */
async function listFiles(
  d: CrawlDeps,
  run: Run,
  acct: number,
  gen: number,
  knownPerPage: number | null,
  knownTotal: number | null,
): Promise<CrawlOutcome | null> {
  let perPage = knownPerPage ?? d.perPage
  let total = knownTotal
  const batches = new PageBatches(d.writer, acct, gen, () => d.onProgress(total))
  const done = d.accounts.pagesDone(acct)
  let warning: string | null = null
  /**
   * Reads a page and queues it for the writer; false when the pass stops instead. The turn lasts until the page is
   * queued: while the writer is behind, the crawl stops asking the host for more.
   */
  const listPage = (page: number, first: boolean) =>
    run.limit(async () => {
      if (run.failure !== null || warning !== null) return false
      try {
        const mark = d.writer.mark()
        const asked = perPage
        const answer = await d.client.fileList({ page, perPage: asked }, { signal: d.signal })
        if (!first) {
          await batches.add({ page, mark, files: filesJson(answer.files) })
          return true
        }
        perPage = pageSizeOf(answer, asked)
        total = answer.resultsTotal
        // The page size and total go with the page's rows: a restart after this write asks for the same pages.
        await batches.add(
          { page, mark, files: filesJson(answer.files) },
          { crawlPerPage: perPage, filesTotal: total },
        )
        return true
      } catch (error) {
        // The client already retried this page; a host that still answers garbage ends the crawl with a
        // warning, and what was indexed stays. Network trouble and refusals go up (pause, or stop).
        if (error instanceof FiledockError && error.kind === 'malformed')
          warning = indexWarning(INDEX_WARNINGS.pageUnreadable, { page }, error)
        else run.failure ??= error
        return false
      }
    })
  if (knownPerPage === null || knownTotal === null) {
    if (await listPage(1, true)) done.add(1)
  }
  const pageCount = Math.ceil((total ?? 0) / perPage)
  const todo: number[] = []
  for (let p = 1; p <= pageCount; p++) if (!done.has(p)) todo.push(p)
  await Promise.all(todo.map((page) => listPage(page, false)))
  try {
    await batches.flush()
  } catch (error) {
    run.failure ??= error
  }
  if (run.failure !== null) return null
  if (warning !== null) {
    await d.writer.endCrawl(acct, { crawling: false, warning }, null)
    return { complete: false, warning }
  }
  return { complete: true }
}
