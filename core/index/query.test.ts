import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileListItem, Folder } from '../../shared/api/types.ts'
import type { IndexFileRow, IndexSortKey, SortDir } from '../../shared/file-index.ts'
import { compareNaturally, naturalKey } from '../../shared/natural-name.ts'
import { ApiClient } from '../api/client.ts'
import type { IndexService } from './index-service.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { ACCOUNT, type IndexRig, openIndexRig } from './testing/index-rig.ts'

const SECOND = 'acc-second'
let rig: IndexRig
let index: IndexService
let host: FileListItem[]
let secondCodes: string[]
let deep: { fldId: number }

beforeAll(async () => {
  rig = await openIndexRig({ seedFiles: 5_000 })
  const other = await rig.sandbox.sb.createAccount('second@sandbox.local')
  const secondClient = new ApiClient({ baseUrl: rig.sandbox.sb.baseUrl, apiKey: other.apiKey })
  const uploaded = await rig.sandbox.upload(
    [
      { name: 'Zebra REPORT.pdf', data: 'z' },
      { name: 'alpha report.txt', data: 'aa' },
    ],
    other.apiKey,
  )
  secondCodes = uploaded.map((u: { file_code: string }) => u.file_code)
  // A third level under a seeded subfolder (the seed makes two), with a file in it.
  let sub: Folder | undefined
  for (const top of await rig.client.subfolders(0)) sub ??= (await rig.client.subfolders(top.fldId))[0]
  if (sub === undefined) throw new Error('the seed has no subfolder')
  deep = await rig.client.folderCreate('Deep reports', sub.fldId)
  const [put] = await rig.sandbox.upload([{ name: 'deep report_1.txt', data: 'deep' }])
  await rig.client.fileSetFolder((put as { file_code: string }).file_code, deep.fldId)
  index = await rig.open({
    accounts: () => [
      { id: ACCOUNT, label: 'Main' },
      { id: SECOND, label: 'Second' },
    ],
    clientFor: async (id) => (id === SECOND ? secondClient : rig.client),
  })
  await index.crawl(ACCOUNT)
  await index.crawl(SECOND)
  host = await rig.hostFiles()
}, 60_000)

afterAll(async () => {
  await rig.close()
})

const keyOf: Record<IndexSortKey, (f: FileListItem | IndexFileRow) => string | number> = {
  name: (f) => naturalKey(f.name),
  size: (f) => f.size,
  uploaded: (f) => f.uploaded,
  downloads: (f) => f.downloads,
}

/** All rows of a query, read window by window as the file pane scrolls. */
function readAll(q: ResolvedQuery, accountIds: string[], window = 700) {
  const rows = []
  const first = index.window(q, accountIds, 0, window)
  rows.push(...first.rows)
  for (let offset = window; offset < first.total; offset += window) {
    rows.push(...index.window(q, accountIds, offset, window).rows)
  }
  return { first, rows }
}

describe('index queries', () => {
  for (const key of ['name', 'size', 'uploaded', 'downloads'] as const) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`orders a whole account by ${key} ${dir} like a sort done here, window after window`, () => {
        const q = { accts: [index.acct(ACCOUNT)], fldId: null, search: '', sort: { key, dir } }
        const { first, rows } = readAll(q, [ACCOUNT])
        expect(first).toMatchObject({ total: host.length, folders: 0, complete: true })
        expect(first.totalSize).toBe(host.reduce((s, f) => s + f.size, 0))
        const expected = sorted(host, key, dir)
        expect(rows.map((r) => (r.kind === 'file' ? keyOf[key](r) : null))).toEqual(expected.map(keyOf[key]))
        expect(new Set(rows.map((r) => (r.kind === 'file' ? r.fileCode : '')))).toEqual(
          new Set(host.map((f) => f.fileCode)),
        )
      })
    }
  }

  it('puts a folder’s subfolders first, then its files, in the chosen order', async () => {
    const listing = await rig.client.folderList(0)
    const q: ResolvedQuery = {
      accts: [index.acct(ACCOUNT)],
      fldId: 0,
      search: '',
      sort: { key: 'size', dir: 'desc' },
    }
    const { first, rows } = readAll(q, [ACCOUNT], 7)
    expect(first.folders).toBe(listing.folders.length)
    expect(rows.slice(0, first.folders).map((r) => r.name)).toEqual(
      listing.folders.map((f) => f.name).sort(compareNaturally),
    )
    const files = host.filter((f) => f.fldId === 0)
    expect(rows.slice(first.folders).map((r) => (r.kind === 'file' ? r.size : -1))).toEqual(
      sorted(files, 'size', 'desc').map((f) => f.size),
    )
    expect(rows.slice(first.folders).every((r) => r.kind === 'file' && r.folderPath === '')).toBe(true)
  })

  it('searches a folder and every folder below it, at any depth, its folders first; the root: the account', async () => {
    const children = new Map<number, Folder[]>()
    for (const queue = [0]; queue.length > 0; ) {
      const fld = queue.shift() as number
      const folders = await rig.client.subfolders(fld)
      children.set(fld, folders)
      queue.push(...folders.map((f) => f.fldId))
    }
    const below = (fld: number): Folder[] => (children.get(fld) ?? []).flatMap((f) => [f, ...below(f.fldId)])
    const top = [...(children.get(0) ?? [])].find((f) => below(f.fldId).some((d) => d.fldId === deep.fldId))
    if (top === undefined) throw new Error('no folder holds the deep one')
    for (const under of [top.fldId, 0]) {
      const subtree = new Set([under, ...below(under).map((f) => f.fldId)])
      for (const search of ['', 'report', 'x', 'deep']) {
        for (const sort of [
          { key: 'name', dir: 'desc' },
          { key: 'size', dir: 'asc' },
        ] as const) {
          const q: ResolvedQuery = { accts: [index.acct(ACCOUNT)], fldId: null, under, search, sort }
          const { first, rows } = readAll(q, [ACCOUNT], 500)
          const has = (name: string) => name.toLowerCase().includes(search)
          const folders = below(under).filter((f) => has(f.name))
          const files = host.filter((f) => subtree.has(f.fldId) && has(f.name))
          const what = `${search} under ${under} by ${sort.key}`
          expect(first.total, what).toBe(folders.length + files.length)
          expect(first.folders, what).toBe(folders.length)
          expect(
            rows.slice(0, folders.length).map((r) => (r.kind === 'folder' ? r.fldId : -1)),
            what,
          ).toEqual(
            folders
              .sort(
                (a, b) =>
                  (a.name.toLowerCase() < b.name.toLowerCase() ? 1 : -1) * (sort.key === 'name' ? 1 : -1),
              )
              .map((f) => f.fldId),
          )
          const shown = rows.slice(folders.length).flatMap((r) => (r.kind === 'file' ? [r] : []))
          expect(shown.map(keyOf[sort.key]), what).toEqual(
            sorted(files, sort.key, sort.dir).map(keyOf[sort.key]),
          )
          expect(new Set(shown.map((r) => r.fileCode)), what).toEqual(new Set(files.map((f) => f.fileCode)))
        }
      }
    }
    // The file three levels down is found from the top of its branch and from the root.
    expect(host.some((f) => f.fldId === deep.fldId)).toBe(true)
  })

  it('searches names case-insensitively by substring, with one or two characters too, across accounts', () => {
    for (const text of ['REPORT_1', 'report_12', 'rt_', '_7', 'x']) {
      const q: ResolvedQuery = { accts: null, fldId: null, search: text, sort: { key: 'name', dir: 'asc' } }
      const { first, rows } = readAll(q, [ACCOUNT, SECOND])
      const expected = [...host.map((f) => f.name), 'Zebra REPORT.pdf', 'alpha report.txt'].filter((n) =>
        n.toLowerCase().includes(text.toLowerCase()),
      )
      expect(first.total, text).toBe(expected.length)
      expect(rows.map((r) => r.name).sort()).toEqual(expected.sort())
    }
    const both = index.window(
      { accts: null, fldId: null, search: 'report.', sort: { key: 'name', dir: 'desc' } },
      [ACCOUNT, SECOND],
      0,
      10,
    )
    expect(both.rows.map((r) => r.name)).toEqual(['Zebra REPORT.pdf', 'alpha report.txt'])
    expect(both.rows.map((r) => r.accountId)).toEqual([SECOND, SECOND])
    expect(secondCodes).toHaveLength(2)
  })

  it('treats LIKE and FTS syntax in search text as plain text', () => {
    for (const text of ['%', '_', '"', 'a"b', 'NEAR(', '*']) {
      const w = index.window(
        { accts: null, fldId: null, search: text, sort: { key: 'name', dir: 'asc' } },
        [ACCOUNT, SECOND],
        0,
        5,
      )
      const names = [...host.map((f) => f.name), 'Zebra REPORT.pdf', 'alpha report.txt']
      expect(w.total, text).toBe(names.filter((n) => n.toLowerCase().includes(text.toLowerCase())).length)
    }
  })
})

function sorted<T extends FileListItem>(files: T[], key: IndexSortKey, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1
  return [...files].sort((a, b) => {
    const x = keyOf[key](a)
    const y = keyOf[key](b)
    return x < y ? -sign : x > y ? sign : 0
  })
}
