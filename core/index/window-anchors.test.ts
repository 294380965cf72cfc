import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SortDir } from '../../shared/file-index.ts'
import type { IndexedFile } from './files-json.ts'
import { IndexReader } from './index-reader.ts'
import { openIndexConnection, openIndexDb } from './open-index-db.ts'
import { type ResolvedQuery, sortColumn } from './query-sql.ts'
import { indexedFile, putListedFiles } from './testing/indexed-file.ts'

/**
 * Deep windows (past the first 2,048 rows, where anchors are used) against a sort done here, before and after
 * writes from a second connection (as the writer thread makes them): a window is never cut from the
 * positions of an older version of the index.
 */
const FOLDER = 5
let dir: string
let db: Database.Database
let writer: Database.Database
let reader: IndexReader

function file(i: number, uploaded: string): IndexedFile {
  // Few distinct names and sizes: ties are many, so the order between equal values is tested too.
  return indexedFile(i, {
    name: `${['delta', 'Alpha', 'charlie', 'bravo'][i % 4]} ${i % 97}.bin`,
    size: (i * 7) % 503,
    uploaded,
    downloads: i % 11,
    fldId: FOLDER,
  })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-anchors-'))
  const path = join(dir, 'file-index.sqlite')
  db = openIndexDb(path).db
  writer = openIndexConnection(path, undefined)
  writer.exec("INSERT INTO accounts (acct, account_id) VALUES (1, 'one'), (2, 'two')")
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
})

afterAll(async () => {
  db.close()
  writer.close()
  await rm(dir, { recursive: true, force: true })
})

/** The query's file codes in order, sorted here: by the sort value (NULL first, names without case), then id. */
function sortedHere(q: ResolvedQuery): string[] {
  const accts = q.accts ?? [1, 2]
  const rows = db
    .prepare<unknown[], { id: number; code: string; v: string | number | null; name: string }>(
      `SELECT id, code, name, ${sortColumn[q.sort.key]} AS v FROM files WHERE acct IN (${accts.map(() => '?').join(',')})
       ${q.fldId === null ? '' : `AND fld_id = ${q.fldId}`}`,
    )
    .all(...accts)
    .filter((r) => r.name.toLowerCase().includes(q.search.toLowerCase()))
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
  return rows.map((r) => r.code)
}

function expectWindowsMatch(q: ResolvedQuery): void {
  const expected = sortedHere(q)
  const total = expected.length
  const offsets = [0, 2_047, 2_048, 3_000, 4_100, 5_555, total - 2_200, total - 2_049, total - 100]
  for (const offset of offsets.filter((o) => o >= 0 && o < total)) {
    const window = reader.window(q, offset, 100, true)
    expect(window.total).toBe(total)
    const codes = window.rows.map((r) => (r.kind === 'file' ? r.fileCode : r.name))
    expect(codes, `${JSON.stringify(q)} at ${offset}`).toEqual(expected.slice(offset, offset + 100))
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
  // These are walked once: a hop would sort again or match the search again.
  ['two accounts', { accts: [1, 2], fldId: null, search: '' }],
  ['one account, a trigram search', { accts: [1], fldId: null, search: 'alpha' }],
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
    }
  })
})
