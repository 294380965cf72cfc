import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { IndexReader } from './index-reader.ts'
import { ListingWrites } from './listing-writes.ts'
import { openIndexDb } from './open-index-db.ts'
import type { ScopeContext } from './query-scope.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { summarize } from './selection.ts'
import { indexedFile, putListedFiles } from './testing/indexed-file.ts'

/**
 * A subtree is found down the folders' parent ids, never by their paths: folder names that share a start, hold a
 * '/' or LIKE's wildcards, and parent ids that loop (a hostile host) each give exactly the tree the index holds.
 */
let dir: string
let db: Database.Database
let reader: IndexReader
const A = 1
const AB = 2
const SLASHED = 3
const WILD = 4
const UNDER_A = 5
const LOOP = [10, 11] as const
const ctx: ScopeContext = { accountIds: () => ['one'], activeId: () => 'one', key: () => 1 }

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-subtree-'))
  db = openIndexDb(join(dir, 'file-index.sqlite')).db
  db.exec("INSERT INTO accounts (acct, account_id) VALUES (1, 'one')")
  // Written as the host's listings would be: the root, then each folder's subfolders, then the files.
  db.exec(
    "INSERT INTO folders (acct, fld_id, parent_id, name, path, gen, listed) VALUES (1, 0, 0, '', '', 0, 1)",
  )
  const writes = new ListingWrites(db)
  const folder = (parentId: number, fldId: number, name: string) =>
    writes.putFolders(1, 0, 0, parentId, [{ fldId, name, code: null }], 1)
  // 'A', 'AB' and 'A/B' in the root: by paths, the last two would look like they were inside 'A'.
  folder(0, A, 'A')
  folder(0, AB, 'AB')
  folder(0, SLASHED, 'A/B')
  folder(A, WILD, '50%_off')
  folder(WILD, UNDER_A, 'B')
  folder(LOOP[1], LOOP[0], 'loop one')
  folder(LOOP[0], LOOP[1], 'loop two')
  const folders = [0, A, AB, SLASHED, WILD, UNDER_A, ...LOOP]
  putListedFiles(
    db,
    1,
    folders.flatMap((fldId) =>
      [0, 1].map((n) => indexedFile(fldId * 10 + n, { name: `f${fldId}-${n}.txt`, fldId })),
    ),
  )
  reader = new IndexReader(db)
})

afterAll(async () => {
  db.close()
  await rm(dir, { recursive: true, force: true })
})

function rows(under: number, search = '') {
  const q: ResolvedQuery = { accts: [1], fldId: null, under, search, sort: { key: 'name', dir: 'asc' } }
  return reader.window(q, 0, 100, true).rows
}

function names(under: number, search = ''): string[] {
  return rows(under, search).map((r) => r.name)
}

it('holds the folder’s files and everything below it, and no folder that only shares a start of its path', () => {
  expect(names(A)).toEqual([
    '50%_off',
    'B',
    'f1-0.txt',
    'f1-1.txt',
    'f4-0.txt',
    'f4-1.txt',
    'f5-0.txt',
    'f5-1.txt',
  ])
  expect(names(WILD)).toEqual(['B', 'f4-0.txt', 'f4-1.txt', 'f5-0.txt', 'f5-1.txt'])
  expect(names(AB)).toEqual(['f2-0.txt', 'f2-1.txt'])
  // The search narrows folders and files alike.
  expect(names(A, '-1')).toEqual(['f1-1.txt', 'f4-1.txt', 'f5-1.txt'])
  expect(names(A, '%')).toEqual(['50%_off'])
})

it('gives each folder row the folders from the root down to it, to open it at its place', () => {
  expect(rows(A).filter((r) => r.kind === 'folder')).toEqual([
    expect.objectContaining({ name: '50%_off', parents: [{ id: A, name: 'A' }] }),
    expect.objectContaining({
      name: 'B',
      parents: [
        { id: A, name: 'A' },
        { id: WILD, name: '50%_off' },
      ],
    }),
  ])
  expect(rows(0).find((r) => r.name === 'AB')).toMatchObject({ parents: [] })
})

it('ends a walk down parent ids that loop', () => {
  expect(names(LOOP[0])).toEqual(['loop two', 'f10-0.txt', 'f10-1.txt', 'f11-0.txt', 'f11-1.txt'])
})

it('from the root holds every folder and file of the account', () => {
  const all = names(0)
  expect(all.filter((n) => !n.endsWith('.txt'))).toEqual([
    '50%_off',
    'A',
    'A/B',
    'AB',
    'B',
    'loop one',
    'loop two',
  ])
  expect(all.filter((n) => n.endsWith('.txt'))).toHaveLength(16)
})

it('counts a selection of a subtree less only the unticked files inside it', () => {
  const query = {
    scope: { kind: 'subtree' as const, accountId: 'one', fldId: A },
    sort: { key: 'name' as const, dir: 'asc' as const },
  }
  const inside = indexedFile(UNDER_A * 10, { fldId: UNDER_A })
  const outside = indexedFile(AB * 10, { fldId: AB })
  const all = summarize({ kind: 'query', query, except: [] }, reader, ctx)
  expect(all).toEqual({ files: 6, totalSize: [10, 11, 40, 41, 50, 51].reduce((s, i) => s + 100 + i, 0) })
  const less = summarize(
    {
      kind: 'query',
      query,
      except: [inside, outside].map((f) => ({ accountId: 'one', fileCode: f.fileCode })),
    },
    reader,
    ctx,
  )
  expect(less).toEqual({ files: 5, totalSize: all.totalSize - inside.size })
})
