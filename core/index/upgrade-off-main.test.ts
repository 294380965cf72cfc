import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, it } from 'vitest'
import type { ClientPool } from '../app/client-pool.ts'
import { indexHandlers } from '../app/handlers/index-handlers.ts'
import { filesJson } from './files-json.ts'
import { type IndexEvent, IndexService } from './index-service.ts'
import { ACCOUNT, indexRigsPerTest, rigScope } from './testing/index-rig.ts'
import { indexedFile } from './testing/indexed-file.ts'
import { asVersion3 } from './testing/schema-3.ts'

const openRig = indexRigsPerTest()
const FILES = 30_000
const FOLDERS = 20

/** Everything a file holds that a reader could tell apart: each table's columns, indexes, triggers and rows. */
function shapeAndRows(file: string) {
  const db = new Database(file, { readonly: true })
  try {
    const tables = db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all()
    const columns = Object.fromEntries(
      tables.map((t) => [
        t,
        db
          .prepare<[string], { name: string }>(
            `SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)`,
          )
          .all(t)
          .sort((a, b) => a.name.localeCompare(b.name)),
      ]),
    )
    const indexes = db
      .prepare<[], { name: string; tbl_name: string }>(
        "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
      )
      .all()
      .map((i) => ({
        ...i,
        columns: db.prepare('SELECT name, "desc", coll FROM pragma_index_xinfo(?) WHERE key = 1').all(i.name),
      }))
    const triggers = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
      .all()
    const rows = {
      accounts: db.prepare('SELECT * FROM accounts ORDER BY acct').all(),
      folders: db.prepare('SELECT * FROM folders ORDER BY acct, fld_id').all(),
      files: db.prepare('SELECT * FROM files ORDER BY id').all(),
      app_writes: db.prepare('SELECT * FROM app_writes').all(),
      search: db
        .prepare('SELECT rowid FROM files_fts WHERE files_fts MATCH ? ORDER BY rowid')
        .pluck()
        .all('"ile-12"'),
    }
    return { version: db.pragma('user_version', { simple: true }), columns, indexes, triggers, rows }
  } finally {
    db.close()
  }
}

it('brings a large index of the version before up to date on the writer thread: main keeps turning, says so, and the file ends as a fresh one', async () => {
  const r = await openRig()
  const first = await r.open()
  for (let f = 1; f <= FOLDERS; f++)
    await first.recordChange(ACCOUNT, { kind: 'folderAdded', parentId: 0, fldId: f, name: `Folder ${f}` })
  for (let i = 0; i < FILES; i += 5_000) {
    const batch = Array.from({ length: 5_000 }, (_, k) =>
      indexedFile(i + k, { fldId: (i + k) % (FOLDERS + 1) }),
    )
    await first.recordChange(ACCOUNT, { kind: 'filesAdded', files: filesJson(batch) })
  }
  await first.close()
  const fresh = join(r.dir, 'fresh.sqlite')
  copyFileSync(r.file, fresh)
  asVersion3(r.file)

  // Main's event loop is counted from the moment the upgrade is said until the index is open; the app's index
  // channels are asked meanwhile, as a window would.
  let turns = 0
  let ticking = false
  const tick = () => {
    if (!ticking) return
    turns++
    setImmediate(tick)
  }
  const states: string[] = []
  const asked: Array<Promise<unknown>> = []
  let isOpen = false
  const answeredOpen: boolean[] = []
  const byName = { key: 'name', dir: 'asc' } as const
  const firstRows = () =>
    handlers['index.query']({
      query: { scope: { kind: 'folder', accountId: ACCOUNT, fldId: 1 }, search: '', sort: byName },
      offset: 0,
      limit: 5,
    })
  const index = IndexService.open({
    file: r.file,
    clientFor: async () => r.client,
    accounts: () => [{ id: ACCOUNT, label: 'Test' }],
    autoCrawl: false,
    log: () => undefined,
    emit: (e: IndexEvent) => {
      if (e.type !== 'index.progress') return
      states.push(e.state)
      if (e.state !== 'upgrading' || ticking) return
      ticking = true
      setImmediate(tick)
      asked.push(
        handlers['index.status']({}),
        firstRows().finally(() => answeredOpen.push(isOpen)),
      )
    },
  })
  const handlers = indexHandlers({
    index,
    scope: rigScope(index),
    pool: {} as ClientPool,
    log: () => undefined,
  })
  // Asked before the thread has even looked at the file: answered once it says it upgrades, not after.
  const statusAtOnce = handlers['index.status']({})
  await index.opened().finally(() => {
    ticking = false
    isOpen = true
  })
  const during = turns
  // Said to the windows (index.progress, the one emitter) as it began, and left once it was done.
  expect(states[0]).toBe('upgrading')
  expect(states.at(-1)).not.toBe('upgrading')
  // The cause of a responsive main: its event loop went round while the thread rewrote the file.
  expect(during).toBeGreaterThan(1)
  // Status answered during the upgrade, and said so; the window asked then waited for the upgraded file.
  const [statusDuring, rowsDuring] = await Promise.all(asked)
  expect(statusDuring).toEqual([expect.objectContaining({ state: 'upgrading' })])
  expect(await statusAtOnce).toEqual([expect.objectContaining({ state: 'upgrading' })])
  expect(answeredOpen).toEqual([true])
  expect(rowsDuring).toEqual(await firstRows())
  expect(rowsDuring).toMatchObject({ rows: [{ name: 'file-1.bin' }, {}, {}, {}, {}] })
  expect(index.status()[0]).toMatchObject({ filesIndexed: FILES, foldersIndexed: FOLDERS })
  await index.close()

  expect(shapeAndRows(r.file)).toEqual(shapeAndRows(fresh))
}, 60_000)
