import { describe, expect, it, vi } from 'vitest'
import type { IndexService } from './index-service.ts'
import { IndexWriter } from './index-writer.ts'
import { MAX_BATCH, MAX_QUEUED } from './page-batches.ts'
import { holdingListings } from './testing/holding-listings.ts'
import { ACCOUNT, indexedCodes, indexRigsPerTest } from './testing/index-rig.ts'

const openRig = indexRigsPerTest()

describe('crawling an account into the index', () => {
  it('is exact against a host that clamps per_page to 100 (20,000 files: count, codes, folders)', async () => {
    const rig = await openRig({ seedFiles: 20_000, maxPerPage: 100 })
    const index = await rig.open({ perPage: 500 })
    await index.crawl(ACCOUNT)
    const host = await rig.hostFiles()
    expect(host).toHaveLength(20_000)
    const [status] = index.status()
    expect(status).toMatchObject({ state: 'ready', filesIndexed: 20_000, filesTotal: 20_000, warning: null })
    expect(status?.lastFullCrawl).not.toBeNull()
    const codes = indexedCodes(index)
    expect(new Set(codes)).toEqual(new Set(host.map((f) => f.fileCode)))
    expect(codes).toHaveLength(20_000)
    const rootFolders = await rig.client.folderList(0)
    expect(status?.foldersIndexed).toBe(20)
    const root = index.window(
      { accts: [index.acct(ACCOUNT)], fldId: 0, search: '', sort: { key: 'name', dir: 'asc' } },
      [ACCOUNT],
      0,
      100,
    )
    expect(root.folders).toBe(rootFolders.folders.length)
    expect(rig.events.some((e) => e.type === 'index.progress' && e.state === 'crawling')).toBe(true)
  }, 120_000)

  it('writes its first page at once, and the pages read while the writer is busy together, in fewer commits', async () => {
    const rig = await openRig({ seedFiles: 20_000, maxPerPage: 100 })
    const listings = holdingListings(rig.client)
    const index = await rig.open({ perPage: 100, clientFor: async () => listings.client })
    // The pages each write to the writer thread holds; the first write is held until the crawl has read more.
    const written: number[][] = []
    let release = (): void => undefined
    const busy = new Promise<void>((resolve) => {
      release = resolve
    })
    const pages = IndexWriter.prototype.pages
    vi.spyOn(IndexWriter.prototype, 'pages').mockImplementation(async function (this: IndexWriter, ...args) {
      written.push(args[2].map((p) => p.page))
      if (written.length === 1) await busy
      return pages.apply(this, args)
    })
    const reads = listings.hold()
    reads.release()
    const crawl = index.crawl(ACCOUNT)
    // Page 1, then as many as may wait for the writer.
    await reads.read(1 + MAX_QUEUED)
    release()
    await crawl
    vi.restoreAllMocks()

    expect(written[0]).toEqual([1])
    expect(written[1]).toHaveLength(MAX_BATCH)
    const all = written.flat().sort((a, b) => a - b)
    expect(all).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
    expect(written.length).toBeLessThan(all.length)
    expect(index.status()[0]).toMatchObject({ state: 'ready', filesIndexed: 20_000, warning: null })
  }, 120_000)

  it('says ready with the time of its end as soon as the writer has committed that end', async () => {
    const rig = await openRig({ seedFiles: 300 })
    const index = await rig.open()
    // The status asked between the writer's commit of the end and main hearing of it (a poll, a progress event).
    let between: ReturnType<IndexService['status']> = []
    const endCrawl = IndexWriter.prototype.endCrawl
    vi.spyOn(IndexWriter.prototype, 'endCrawl').mockImplementation(async function (
      this: IndexWriter,
      ...args
    ) {
      const ended = await endCrawl.apply(this, args)
      between = index.status()
      return ended
    })
    await index.crawl(ACCOUNT)
    vi.restoreAllMocks()
    expect(between[0]).toMatchObject({ state: 'ready', filesIndexed: 300, lastFullCrawl: expect.any(String) })
  })
})
