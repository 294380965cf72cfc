import { describe, expect, it } from 'vitest'
import { openSandbox } from '../../sandbox/test-support.ts'
import { ApiClient } from '../api/client.ts'
import { ACCOUNT, indexRigsPerTest } from './testing/index-rig.ts'

const openRig = indexRigsPerTest()

const until = async (what: string, check: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('when the index crawls', () => {
  it('crawls by itself at start, then again only once the last full crawl is older than the setting', async () => {
    const rig = await openRig({ seedFiles: 200 })
    const index = await rig.open({ autoCrawl: true, recrawlEveryMs: 400 })
    const crawlsStarted = () =>
      rig.events.filter((e) => e.type === 'index.progress' && e.state === 'crawling' && e.filesIndexed === 0)
        .length ?? 0
    await until('the first crawl', () => index.status()[0]?.lastFullCrawl !== null)
    const first = index.status()[0]?.lastFullCrawl
    expect(index.status()[0]).toMatchObject({ state: 'ready', filesIndexed: 200 })
    await until('the re-crawl', () => index.status()[0]?.lastFullCrawl !== first)
    expect(
      Date.parse(index.status()[0]?.lastFullCrawl ?? '') - Date.parse(first ?? ''),
    ).toBeGreaterThanOrEqual(400)
    expect(crawlsStarted()).toBeGreaterThanOrEqual(1)
  })

  it('takes a changed interval at once, without a restart: off stops re-crawls, a short one starts them', async () => {
    const rig = await openRig({ seedFiles: 50 })
    let every = 0
    const index = await rig.open({ autoCrawl: true, recrawlEveryMs: () => every })
    await until('the first crawl', () => index.status()[0]?.lastFullCrawl !== null)
    const first = index.status()[0]?.lastFullCrawl
    // Off: the minute's checks never re-crawl, nor does a change that keeps it off.
    index.scheduleChanged()
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(index.status()[0]?.lastFullCrawl).toBe(first)
    every = 300
    index.scheduleChanged()
    await until('the re-crawl', () => index.status()[0]?.lastFullCrawl !== first)
    every = 0
    index.scheduleChanged()
    const last = index.status()[0]?.lastFullCrawl
    await new Promise((resolve) => setTimeout(resolve, 900))
    expect(index.status()[0]?.lastFullCrawl).toBe(last)
  })

  it('pauses while the host is unreachable and finishes once it is back, from where it was', async () => {
    const rig = await openRig({ seedFiles: 3_000, maxPerPage: 100, faults: { latencyMs: 10 } })
    const { sb, dir } = rig.sandbox
    const port = Number(new URL(sb.baseUrl).port)
    const index = await rig.open({ perPage: 100, offlineRetryMs: { base: 100, max: 200 } })
    const crawl = index.crawl(ACCOUNT)
    await until('some pages', () => (index.status()[0]?.filesIndexed ?? 0) >= 500)
    await sb.close()
    await until('the pause', () => index.status()[0]?.state === 'paused')
    expect(index.status()[0]?.warning).toMatch(/Indexing waits for the host/)
    const indexedWhileAway = index.status()[0]?.filesIndexed ?? 0
    // The same host comes back on the same address with the same files.
    const back = await openSandbox({ port, maxPerPage: 100 }, dir)
    try {
      await crawl
      expect(index.status()[0]).toMatchObject({ state: 'ready', filesIndexed: 3_000, warning: null })
      expect(indexedWhileAway).toBeGreaterThanOrEqual(500)
      const client = new ApiClient({ baseUrl: back.sb.baseUrl, apiKey: back.sb.apiKey })
      expect((await client.fileList({ page: 1, perPage: 1 })).resultsTotal).toBe(3_000)
      await client.close()
    } finally {
      await back.sb.close()
    }
  }, 60_000)
})
