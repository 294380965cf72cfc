import { describe, expect, it, vi } from 'vitest'
import type { IndexService } from './index-service.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { holdingListings } from './testing/holding-listings.ts'
import { ACCOUNT, indexRigsPerTest } from './testing/index-rig.ts'

const openRig = indexRigsPerTest()

/** The first rows of a scope of the account, as the file pane asks for them. */
function firstRows(index: IndexService, fldId: number | null) {
  const q: ResolvedQuery = {
    accts: [index.acct(ACCOUNT)],
    fldId,
    search: '',
    sort: { key: 'name', dir: 'asc' },
  }
  return index.window(q, [ACCOUNT], 0, 50)
}

describe('a new account shows its first rows at once', () => {
  it('the crawl writes and announces its first file page while its folder walk still waits for the host', async () => {
    const r = await openRig({ seedFiles: 3_000 })
    const listings = holdingListings(r.client, 'subfolders')
    const index = await r.open({ clientFor: async () => listings.client })
    const held = listings.hold()
    const crawl = index.crawl(ACCOUNT)
    // The walk's first folder listing is read and held: the walk cannot go on, so the crawl is still running.
    await held.read(1)
    await vi.waitFor(
      () => expect(r.events).toContainEqual({ type: 'index.changed', accountId: ACCOUNT, fldIds: null }),
      { timeout: 10_000 },
    )
    expect(index.status()[0]?.state).toBe('crawling')
    const all = firstRows(index, null)
    expect(all.rows).toHaveLength(50)
    expect(all.complete).toBe(false)

    held.release()
    await crawl
    expect(index.status()[0]).toMatchObject({ state: 'ready', filesIndexed: 3_000, warning: null })
  })

  it("a folder check writes and announces the folder's first page before it reads the rest", async () => {
    const r = await openRig({ seedFiles: 3_000 })
    const listings = holdingListings(r.client, 'subfolders')
    const index = await r.open({ clientFor: async () => listings.client })
    const inRoot = (await r.client.fileList({ fldId: 0, page: 1, perPage: 1 })).resultsTotal
    // Nothing crawled: the root is opened, and its check holds at the subfolders, read after the files.
    const held = listings.hold()
    const check = index.revalidate(ACCOUNT, 0)
    await held.read(1)
    await vi.waitFor(
      () => expect(r.events).toContainEqual({ type: 'index.changed', accountId: ACCOUNT, fldIds: [0] }),
      { timeout: 10_000 },
    )
    expect(firstRows(index, 0).total).toBe(Math.min(inRoot, 500))

    held.release()
    expect(await check).toBe(true)
    expect(firstRows(index, 0).total).toBe(inRoot + (await r.client.folderList(0)).folders.length)
  })
})
