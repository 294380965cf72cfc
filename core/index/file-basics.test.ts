import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IndexFileRow } from '../../shared/file-index.ts'
import { type FileBasics, IndexReader } from './index-reader.ts'
import { ListingWrites } from './listing-writes.ts'
import { openIndexDb } from './open-index-db.ts'
import type { ScopeContext } from './query-scope.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { type MissingFile, type Selection, selectedFileBasics, selectedFiles } from './selection.ts'
import { indexedFile, putListedFiles } from './testing/indexed-file.ts'

/**
 * What a download reads of the index (a plan of 100,000 files): only the five columns fetching a file needs, and
 * exactly the files, in exactly the order, that the rows of the same query or selection are.
 */
let dir: string
let db: Database.Database
let reader: IndexReader
const ctx: ScopeContext = {
  accountIds: () => ['one', 'two'],
  activeId: () => 'one',
  key: (id) => (id === 'one' ? 1 : 2),
}
const FOLDERS: Array<[fldId: number, parentId: number, name: string]> = [
  [5, 0, 'Photos'],
  [6, 5, '2024'],
  [7, 0, 'Other'],
]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-basics-'))
  db = openIndexDb(join(dir, 'file-index.sqlite')).db
  db.exec("INSERT INTO accounts (acct, account_id) VALUES (1, 'one'), (2, 'two')")
  const writes = new ListingWrites(db)
  for (const [fldId, parentId, name] of FOLDERS)
    writes.putFolders(1, 0, 0, parentId, [{ fldId, name, code: null }], 1)
  const folderOf = [0, 5, 6, 7]
  // Names and sizes that tie, so the order between equal keys is compared too.
  putListedFiles(
    db,
    1,
    Array.from({ length: 400 }, (_, i) =>
      indexedFile(i, {
        name: `${['beach', 'Report', 'beach'][i % 3]} ${i % 17}.jpg`,
        size: i % 23,
        fldId: folderOf[i % 4] ?? 0,
      }),
    ),
  )
  putListedFiles(
    db,
    2,
    Array.from({ length: 50 }, (_, i) => indexedFile(1000 + i, { name: `beach ${i}.png` })),
  )
  reader = new IndexReader(db)
})

afterAll(async () => {
  db.close()
  await rm(dir, { recursive: true, force: true })
})

/** What a download takes of a window's row. */
function basicsOf(row: IndexFileRow | MissingFile): FileBasics | MissingFile {
  if (row.kind === 'missing') return row
  const { kind, accountId, fileCode, name, size, fldId } = row
  return { kind, accountId, fileCode, name, size, fldId }
}

describe('the files of a download, from the index', () => {
  it('a query: its files in its order, each with the five fields a download needs and nothing else', () => {
    const queries: ResolvedQuery[] = []
    for (const key of ['name', 'size', 'uploaded', 'downloads'] as const)
      for (const dir of ['asc', 'desc'] as const) {
        const sort = { key, dir }
        queries.push(
          { accts: [1], fldId: 5, search: '', sort },
          { accts: [1], fldId: null, under: 5, search: '', sort },
          { accts: [1], fldId: null, under: 0, search: 'beach', sort },
          { accts: [1, 2], fldId: null, search: 'be', sort },
          { accts: null, fldId: null, search: '', sort },
        )
      }
    for (const q of queries) {
      const basics = [...reader.iterateFileBasics(q)]
      expect(basics.length).toBeGreaterThan(0)
      expect(basics).toEqual([...reader.iterateFiles(q)].map(basicsOf))
      for (const f of basics) expect(Object.keys(f).sort()).toEqual(FIELDS)
    }
  })

  it('a selection: a query less its unticked files, or picked files once each with the missing ones said', () => {
    const query = {
      scope: { kind: 'subtree', accountId: 'one', fldId: 5 },
      search: '',
      sort: { key: 'name', dir: 'asc' },
    }
    const picked = [
      ...reader.iterateFiles({ accts: [1], fldId: 7, search: '', sort: { key: 'size', dir: 'desc' } }),
    ]
    const selections: Selection[] = [
      { kind: 'query', query, except: [] },
      {
        kind: 'query',
        query,
        except: picked.slice(0, 3).map((f) => ({ accountId: f.accountId, fileCode: f.fileCode })),
      },
      {
        kind: 'files',
        files: [
          ...picked.slice(0, 5).map((f) => ({ accountId: f.accountId, fileCode: f.fileCode })),
          { accountId: 'one', fileCode: picked[0]?.fileCode ?? '' },
          { accountId: 'one', fileCode: 'gone0000000' },
          { accountId: 'nobody', fileCode: 'x' },
        ],
      },
    ] as Selection[]
    for (const sel of selections) {
      const basics = [...selectedFileBasics(sel, reader, ctx)]
      expect(basics.length).toBeGreaterThan(0)
      expect(basics).toEqual([...selectedFiles(sel, reader, ctx)].map(basicsOf))
    }
  })
})

const FIELDS = ['accountId', 'fileCode', 'fldId', 'kind', 'name', 'size']
