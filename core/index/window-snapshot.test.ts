import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { IndexReader } from './index-reader.ts'
import { openIndexConnection, openIndexDb } from './open-index-db.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { indexedFile, putListedFiles } from './testing/indexed-file.ts'

const FOLDER = 5
const cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c()
})

/**
 * Main's connection, with a hook that runs once, right after the first statement of a window that reads the files
 * table (where its snapshot begins): there the test commits a write on another connection, as the writer
 * thread may between two of main's statements.
 */
function withCommitBetweenStatements(db: Database.Database, commit: () => void): Database.Database {
  let armed = false
  const wrap = (stmt: Database.Statement) =>
    new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target)
        if (typeof value !== 'function') return value
        if (!['get', 'all', 'iterate'].includes(String(prop))) return value.bind(target)
        return (...args: unknown[]) => {
          const result = value.apply(target, args)
          if (armed) {
            armed = false
            commit()
          }
          return result
        }
      },
    })
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare')
        return (sql: string) => (sql.includes('FROM files') ? wrap(target.prepare(sql)) : target.prepare(sql))
      if (prop === 'arm') return () => (armed = true)
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return proxy
}

it('reads a window from one snapshot: a commit between two of its statements shows in the next window, whole', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'filedock-snapshot-'))
  const path = join(dir, 'file-index.sqlite')
  const { db } = openIndexDb(path)
  const writer = openIndexConnection(path, undefined)
  cleanup.push(async () => {
    db.close()
    writer.close()
    await rm(dir, { recursive: true, force: true })
  })
  writer.exec("INSERT INTO accounts (acct, account_id) VALUES (1, 'one')")
  putListedFiles(
    writer,
    1,
    Array.from({ length: 6_000 }, (_, i) => indexedFile(i, { fldId: FOLDER })),
  )
  const main = withCommitBetweenStatements(db, () =>
    writer.prepare('DELETE FROM files WHERE acct = 1 AND id % 2 = 0').run(),
  )
  const reader = new IndexReader(main)
  const q: ResolvedQuery = { accts: [1], fldId: FOLDER, search: '', sort: { key: 'name', dir: 'asc' } }
  ;(main as unknown as { arm(): void }).arm()
  // The totals are read first; half the folder goes right after. The rows still come from the same snapshot.
  const during = reader.window(q, 3_500, 100, true)
  expect(during.total).toBe(6_000)
  expect(during.rows).toHaveLength(100)
  const after = reader.window(q, 2_900, 100, true)
  expect(after.total).toBe(3_000)
  expect(after.rows).toHaveLength(100)
})
