import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SortDir } from '../../shared/file-index.ts'
import type { IndexedFile } from './files-json.ts'
import { IndexReader } from './index-reader.ts'
import { ListingWrites } from './listing-writes.ts'
import { openIndexConnection, openIndexDb } from './open-index-db.ts'
import { type ResolvedQuery, sortColumn } from './query-sql.ts'
import { indexedFile, putListedFiles } from './testing/indexed-file.ts'
import { WindowAnchors } from './window-anchors.ts'

/**
 * Deep windows (past the first 2,048 rows, where anchors are used) against a sort done here, before and after
 * writes from a second connection (as the writer thread makes them): a window is never cut from the
 * positions of an older version of the index. Each is checked as the reader cuts it and as the anchors alone cut
 * it (the reader sorts a result of up to 20,000 trigram matches or subtree files itself, without anchors).
 */
const FOLDER = 5
/** Account 1's tree: FOLDER holds half the files; 6 in it and 7 in 6 a quarter; 8 beside it and 9 in 8 the rest. */
const TREE: Array<[fldId: number, parentId: number, name: string]> = [
  [FOLDER, 0, 'delta'],
  [6, FOLDER, 'Alpha dir'],
  [7, 6, 'bravo'],
  [8, 0, 'alphabet'],
  [9, 8, 'x'],
]
const FOLDER_OF = [FOLDER, FOLDER, FOLDER, FOLDER, 6, 7, 8, 9]
let dir: string
let db: Database.Database
let writer: Database.Database
let reader: IndexReader
let anchors: WindowAnchors

function file(i: number, uploaded: string): IndexedFile {
  // Few distinct names and sizes: ties are many, so the order between equal values is tested too.
  return indexedFile(i, {
    name: `${['delta', 'Alpha', 'charlie', 'bravo'][i % 4]} ${i % 97}.bin`,
    size: (i * 7) % 503,
    uploaded,
    downloads: i % 11,
    fldId: FOLDER_OF[Math.floor(i / 4) % FOLDER_OF.length] ?? FOLDER,
  })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-anchors-'))
  const path = join(dir, 'file-index.sqlite')
  db = openIndexDb(path).db
  writer = openIndexConnection(path, undefined)
  writer.exec("INSERT INTO accounts (acct, account_id) VALUES (1, 'one'), (2, 'two')")
  const folders = new ListingWrites(writer)
  for (const [fldId, parentId, name] of TREE)
    folders.putFolders(1, 0, 0, parentId, [{ fldId, name, code: null }], 1)
  const day = (i: number) => `2026-11-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00`
  putListedFiles(
    writer,
    1,
    Array.from({ length: 9_000 }, (_, i) => file(i, day(i))),
  )
  putListedFiles(
    writer,
    2,
    Array.from({ length: 3_000 }, (_, i) => file(100_000 + i, day(i))),
  )
  reader = new IndexReader(db)
  // Another connection's commit changes data_version: the anchors are found again, as the reader's are.
  anchors = new WindowAnchors(db, () => String(db.pragma('data_version', { simple: true })))
})

afterAll(async () => {
  db.close()
  writer.close()
  await rm(dir, { recursive: true, force: true })
})

/** The folders in account 1's subtree of `under`, found here by walking the tree. */
function subtreeHere(under: number): Set<number> {
  const folders = db
    .prepare<[], { fld_id: number; parent_id: number }>(
      'SELECT fld_id, parent_id FROM folders WHERE acct = 1',
    )
    .all()
  const found = new Set([under])
  for (let size = 0; size !== found.size; ) {
    size = found.size
    for (const f of folders) if (found.has(f.parent_id)) found.add(f.fld_id)
  }
  return found
}

/**
 * The query's rows in order, sorted here: its folders first (by name, A to Z unless the sort is by name
 * going down), then the files by the sort value (NULL first, names without case), then id.
 */
function sortedHere(q: ResolvedQuery): { folders: string[]; files: string[] } {
  const accts = q.accts ?? [1, 2]
  const inSubtree = q.under === undefined || q.under === 0 ? null : subtreeHere(q.under)
  const matches = (name: string) => name.toLowerCase().includes(q.search.toLowerCase())
  const rows = db
    .prepare<
      unknown[],
      { id: number; code: string; v: string | number | null; name: string; fld_id: number }
    >(
      `SELECT id, code, name, fld_id, ${sortColumn[q.sort.key]} AS v FROM files WHERE acct IN (${accts.map(() => '?').join(',')})
       ${q.fldId === null ? '' : `AND fld_id = ${q.fldId}`}`,
    )
    .all(...accts)
    .filter((r) => matches(r.name) && (inSubtree === null || inSubtree.has(r.fld_id)))
  const value = (v: string | number | null) => (typeof v === 'string' ? v.toLowerCase() : v)
  const sign = q.sort.dir === 'asc' ? 1 : -1
  rows.sort((a, b) => {
    const x = value(a.v)
    const y = value(b.v)
    if (x !== y) {
      if (x === null) return -sign
      if (y === null) return sign
      return (x < y ? -1 : 1) * sign
    }
    return (a.id - b.id) * sign
  })
  const folderSign = q.sort.key === 'name' ? sign : 1
  // A folder's own subfolders; every folder below a subtree's (the root's: every folder); none across folders.
  const shown = ([fldId, parentId]: (typeof TREE)[number]) =>
    q.fldId !== null
      ? parentId === q.fldId
      : q.under !== undefined && fldId !== q.under && inSubtree?.has(fldId) !== false
  const folders = TREE.filter((f) => shown(f) && matches(f[2]))
    .sort(
      ([a, , x], [b, , y]) =>
        (x.toLowerCase() === y.toLowerCase() ? a - b : x.toLowerCase() < y.toLowerCase() ? -1 : 1) *
        folderSign,
    )
    .map(([, , name]) => name)
  return { folders, files: rows.map((r) => r.code) }
}

function expectWindowsMatch(q: ResolvedQuery): void {
  const { folders, files } = sortedHere(q)
  const expected = [...folders, ...files]
  const total = expected.length
  // 3,996: a window that ends on an anchor (row 4,095).
  const offsets = [0, 2_047, 2_048, 3_000, 3_996, 4_100, 5_555, total - 2_200, total - 2_049, total - 100]
  for (const offset of offsets.filter((o) => o >= 0 && o < total)) {
    const window = reader.window(q, offset, 100, true)
    expect(window.total).toBe(total)
    expect(window.folders).toBe(folders.length)
    const codes = window.rows.map((r) => (r.kind === 'file' ? r.fileCode : r.name))
    expect(codes, `${JSON.stringify(q)} at ${offset}`).toEqual(expected.slice(offset, offset + 100))
  }
  for (const offset of offsets.filter((o) => o >= 0 && o < files.length)) {
    const ids = anchors.ids(q, offset, 100, files.length)
    const codes = db
      .prepare<[string], { code: string }>(
        'SELECT f.code FROM json_each(?) j JOIN files f ON f.id = j.value ORDER BY j.key',
      )
      .all(JSON.stringify(ids))
      .map((r) => r.code)
    expect(codes, `anchors of ${JSON.stringify(q)} at ${offset}`).toEqual(files.slice(offset, offset + 100))
  }
}

const sorts = (['name', 'size', 'uploaded', 'downloads'] as const).flatMap((key) =>
  (['asc', 'desc'] as const).map((dir: SortDir) => ({ key, dir })),
)
const scopes: Array<[string, Omit<ResolvedQuery, 'sort'>]> = [
  // The sort key's index orders these: anchors are found hop by hop.
  ['one folder', { accts: [1], fldId: FOLDER, search: '' }],
  ['one account', { accts: [1], fldId: null, search: '' }],
  ['one account, a short search', { accts: [1], fldId: null, search: 'a' }],
  // The root's subtree is the account, with its folders first.
  ['the root’s subtree', { accts: [1], fldId: null, under: 0, search: '' }],
  // These are walked once: a hop would sort again or match the search again.
  ['two accounts', { accts: [1, 2], fldId: null, search: '' }],
  ['one account, a trigram search', { accts: [1], fldId: null, search: 'alpha' }],
  // A subtree's files come folder by folder from the folder indexes and are sorted, so they are walked too.
  ['a subtree', { accts: [1], fldId: null, under: FOLDER, search: '' }],
  ['a subtree, a short search', { accts: [1], fldId: null, under: FOLDER, search: 'a' }],
  ['a subtree, a trigram search', { accts: [1], fldId: null, under: FOLDER, search: 'alpha' }],
  ['a subtree two levels down', { accts: [1], fldId: null, under: 6, search: '' }],
]

describe('deep windows', () => {
  it('match a sort done here, in every scope, sort and direction', () => {
    for (const [, scope] of scopes) for (const sort of sorts) expectWindowsMatch({ ...scope, sort })
  })

  it('still match after another connection renames, removes and adds files', () => {
    // Per scope (the anchors of its eight sorts are all remembered at the time of the write): names and sizes
    // of 100 files change, about 1 in 13 go, 260 arrive, so every anchor moves.
    for (const [round, [, scope]] of scopes.entries()) {
      for (const sort of sorts) expectWindowsMatch({ ...scope, sort })
      const renamed = Array.from({ length: 100 }, (_, i) => ({
        ...file(i * 3 + round, '2026-12-01 08:00:00'),
        name: `zulu ${round} ${i}.bin`,
        size: 10_000 + i,
      }))
      putListedFiles(writer, 1, renamed)
      writer.prepare('DELETE FROM files WHERE acct = 1 AND id % 13 = ?').run(round)
      putListedFiles(
        writer,
        1,
        Array.from({ length: 260 }, (_, i) => file(50_000 + round * 1_000 + i, '2026-10-31 23:00:00')),
      )
      for (const sort of sorts) expectWindowsMatch({ ...scope, sort })
    }
  })

  it('stay exact when many upload times cannot be read (NULL sorts first, so last going down)', () => {
    putListedFiles(
      writer,
      1,
      Array.from({ length: 2_500 }, (_, i) => file(60_000 + i, 'last Tuesday')),
    )
    for (const dir of ['asc', 'desc'] as const) {
      expectWindowsMatch({ accts: [1], fldId: FOLDER, search: '', sort: { key: 'uploaded', dir } })
      expectWindowsMatch({ accts: [1, 2], fldId: null, search: '', sort: { key: 'uploaded', dir } })
      expectWindowsMatch({
        accts: [1],
        fldId: null,
        under: FOLDER,
        search: '',
        sort: { key: 'uploaded', dir },
      })
    }
  })
})
