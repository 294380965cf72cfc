import pLimit from 'p-limit'
import type { FileList } from '../../shared/api/types.ts'
import { FiledockError } from '../../shared/errors.ts'
import type { ApiClient } from '../api/client.ts'
import type { AccountRows } from './account-rows.ts'
import type { CrawlPages } from './crawl-pages.ts'
import type { IndexWrites } from './index-writes.ts'
import { pageSizeOf } from './page-size.ts'
import type { RecentAppWrites } from './recent-app-writes.ts'

export interface CrawlDeps {
  accountId: string
  client: ApiClient
  accounts: AccountRows
  writes: IndexWrites
  pages: CrawlPages
  /** Asked of file/list; the host may give fewer (it clamps), and the crawl then asks for what it gives. */
  perPage: number
  /** Requests in flight at once for this account (polite to the host). */
  concurrency: number
  /** Re-check passes after the first when the count does not add up (files moved between pages meanwhile). */
  maxPasses: number
  signal: AbortSignal
  /** What the app writes while a listing is on its way is newer than the listing. */
  appWrites: RecentAppWrites
  /** After each page or folder: what is indexed so far. */
  onProgress(filesTotal: number | null): void
}

export type CrawlOutcome = { complete: true } | { complete: false; warning: string }

/**
 * One full crawl of an account into a new generation, resumable: the folder walk's frontier (folders with
 * listed = 0) and the file pages done are in the database, so a crawl cut by a restart continues where it was.
 *
 * Exactness: pages are counted by what arrives, never by what was asked (a host that clamps per_page is detected
 * on the first page and asked for what it gives); a code seen twice is one row; every row seen gets the pass's
 * generation. A pass is complete when the rows it saw equal the host's results_total asked again at its end;
 * only then are rows of older generations (files deleted meanwhile) dropped. Files that moved between pages
 * during the pass make the count differ, and a re-check pass (a new generation) runs, up to maxPasses.
 */
export async function crawlAccount(d: CrawlDeps): Promise<CrawlOutcome> {
  const acct = d.accounts.key(d.accountId)
  let row = d.accounts.get(d.accountId)
  if (!row.crawling) {
    startPass(d, acct, row.generation + 1, 0)
    row = d.accounts.get(d.accountId)
  }
  await walkFolders(d, acct, row.generation)
  for (;;) {
    row = d.accounts.get(d.accountId)
    const outcome = await listFiles(d, acct, row.generation, row.crawlPerPage, row.filesTotal)
    if (!outcome.complete) return outcome
    const latest = (await d.client.fileList({ page: 1, perPage: 1 }, { signal: d.signal })).resultsTotal
    const seen = d.writes.countGeneration(acct, row.generation)
    if (seen === latest) {
      d.writes.dropOlderThan(acct, row.generation)
      d.accounts.update(d.accountId, {
        crawling: false,
        filesTotal: latest,
        lastFullCrawl: new Date().toISOString(),
        warning: null,
      })
      d.pages.clear(acct)
      return { complete: true }
    }
    if (row.crawlPass + 1 >= d.maxPasses) {
      d.accounts.update(d.accountId, { crawling: false, filesTotal: latest })
      d.pages.clear(acct)
      return {
        complete: false,
        warning: `The host's file count kept changing while indexing (${latest.toLocaleString('en')} reported, ${seen.toLocaleString('en')} listed); files not seen this time stay in the index until a later refresh confirms them.`,
      }
    }
    // Files shifted between pages: list them again in a fresh generation (folders are already known).
    startPass(d, acct, row.generation + 1, row.crawlPass + 1)
  }
}

function startPass(d: CrawlDeps, acct: number, gen: number, pass: number): void {
  d.pages.clear(acct)
  // A re-check pass lists files again, not folders: the folders found by this crawl move on with it.
  if (pass > 0) d.writes.restampFolders(acct, gen - 1, gen)
  d.accounts.update(d.accountId, { generation: gen, crawling: true, crawlPass: pass, crawlPerPage: null })
  if (pass === 0) d.writes.ensureRoot(acct, gen, 0)
}

/** Breadth-first over folder/list, a few folders at a time; each listed folder is marked before moving on. */
async function walkFolders(d: CrawlDeps, acct: number, gen: number): Promise<void> {
  const limit = pLimit(d.concurrency)
  for (
    let frontier = d.writes.unlistedFolders(acct);
    frontier.length > 0;
    frontier = d.writes.unlistedFolders(acct)
  ) {
    await Promise.all(
      frontier.map((fldId) =>
        limit(async () => {
          await d.appWrites.during(acct, async (appWrote) => {
            const folders = await d.client.subfolders(fldId, { signal: d.signal })
            d.writes.putFolders(acct, gen, fldId, folders, 0, appWrote().fldIds)
          })
          d.writes.markListed(acct, fldId)
          d.onProgress(null)
        }),
      ),
    )
  }
}

async function listFiles(
  d: CrawlDeps,
  acct: number,
  gen: number,
  knownPerPage: number | null,
  knownTotal: number | null,
): Promise<CrawlOutcome> {
  let perPage = knownPerPage ?? d.perPage
  let total = knownTotal
  if (knownPerPage === null || knownTotal === null) {
    const asked = perPage
    const first = await listPage(d, acct, 1, asked, (answer, appWrote) =>
      d.pages.putPage(acct, 1, () => {
        d.writes.putFiles(acct, gen, answer.files, appWrote)
        d.accounts.update(d.accountId, {
          crawlPerPage: pageSizeOf(answer, asked),
          filesTotal: answer.resultsTotal,
        })
      }),
    )
    perPage = pageSizeOf(first, asked)
    total = first.resultsTotal
    d.onProgress(total)
  }
  const pageCount = Math.ceil((total ?? 0) / perPage)
  const done = d.pages.done(acct)
  const todo: number[] = []
  for (let p = 1; p <= pageCount; p++) if (!done.has(p)) todo.push(p)
  const limit = pLimit(d.concurrency)
  let warning: string | null = null
  await Promise.all(
    todo.map((page) =>
      limit(async () => {
        if (warning !== null) return
        try {
          const answer = await listPage(d, acct, page, perPage, (answer, appWrote) =>
            d.pages.putPage(acct, page, () => d.writes.putFiles(acct, gen, answer.files, appWrote)),
          )
          d.onProgress(answer.resultsTotal)
        } catch (error) {
          // The client already retried this page; a host that still answers garbage ends the crawl with a
          // warning, and what was indexed stays. Network trouble and refusals go up (pause, or stop).
          if (!(error instanceof FiledockError) || error.kind !== 'malformed') throw error
          warning = `Page ${page} of the host's file list could not be read (${error.message}); the files indexed so far stay searchable. Refresh to try again.`
        }
      }),
    ),
  )
  if (warning !== null) {
    d.accounts.update(d.accountId, { crawling: false })
    d.pages.clear(acct)
    return { complete: false, warning }
  }
  return { complete: true }
}

/**
 * Reads one page of the host's file list and hands it to `write` with the rows the app changed while the page was
 * on its way (RecentAppWrites): those are newer than the page and keep what the app wrote. `write` runs in the
 * same turn as the check, so no app write falls between them.
 */
async function listPage(
  d: CrawlDeps,
  acct: number,
  page: number,
  perPage: number,
  write: (answer: FileList, appWrote: ReadonlySet<string>) => void,
): Promise<FileList> {
  return d.appWrites.during(acct, async (appWrote) => {
    const answer = await d.client.fileList({ page, perPage }, { signal: d.signal })
    write(answer, appWrote().codes)
    return answer
  })
}
