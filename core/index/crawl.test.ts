import { describe, expect, it } from 'vitest'
import { ACCOUNT, indexedCodes, indexRigsPerTest } from './testing/index-rig.ts'

const openRig = indexRigsPerTest()

describe('crawling an account into the index', () => {
  it('is exact against a host that clamps per_page to 100 (20,000 files: count, codes, folders)', async () => {
    const rig = await openRig({ seedFiles: 20_000, maxPerPage: 100 })
    const index = rig.open({ perPage: 500 })
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
})
