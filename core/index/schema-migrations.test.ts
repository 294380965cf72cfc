import Database from 'better-sqlite3'
import { expect, it } from 'vitest'
import { compareNaturally } from '../../shared/natural-name.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { ACCOUNT, indexRigsPerTest } from './testing/index-rig.ts'
import { asVersion3 } from './testing/schema-3.ts'

const openRig = indexRigsPerTest()

it('brings an index of the version before up to date in place: kept, not rebuilt, its names sorted as people count', async () => {
  const r = await openRig({ seedFiles: 600 })
  const first = await r.open()
  await first.crawl(ACCOUNT)
  const crawledAt = first.status()[0]?.lastFullCrawl
  await first.close()
  asVersion3(r.file)

  const logged: string[] = []
  const index = await r.open({ log: (line) => logged.push(line) })
  expect(logged.filter((l) => l.includes('set aside'))).toEqual([])
  expect(index.status()[0]).toMatchObject({ filesIndexed: 600, lastFullCrawl: crawledAt })
  const q: ResolvedQuery = {
    accts: [index.acct(ACCOUNT)],
    fldId: null,
    search: '',
    sort: { key: 'name', dir: 'asc' },
  }
  const names = index.window(q, [ACCOUNT], 0, 600).rows.map((row) => row.name)
  expect(names).toHaveLength(600)
  expect(names).toEqual([...names].sort(compareNaturally))
  // The seeded names number their files (backup_3 … backup_1003): a code-point order would differ.
  expect(names).not.toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)))
  await index.close()

  const db = new Database(r.file, { readonly: true })
  const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all()
  db.close()
  expect(indexes).toEqual(
    expect.arrayContaining(['files_acct_name_key', 'files_fld_name_key', 'folders_parent_key']),
  )
  for (const gone of ['files_acct_name', 'files_fld_name', 'folders_parent'])
    expect(indexes).not.toContain(gone)
})

it('still rebuilds an index of a version it has no way from', async () => {
  const r = await openRig({ seedFiles: 10 })
  const first = await r.open()
  await first.crawl(ACCOUNT)
  await first.close()
  const db = new Database(r.file)
  db.pragma('user_version = 2')
  db.close()
  const logged: string[] = []
  const index = await r.open({ log: (line) => logged.push(line) })
  expect(logged.filter((l) => l.includes('another version'))).toHaveLength(1)
  await index.close()
})
