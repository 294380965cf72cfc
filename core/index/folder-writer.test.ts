import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FolderWriter } from './folder-writer.ts'
import { IndexReader } from './index-reader.ts'
import { type IndexedFile, IndexWrites } from './index-writes.ts'
import { openIndexDb } from './open-index-db.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { NOTHING_WRITTEN } from './recent-app-writes.ts'
import { indexedFile } from './testing/indexed-file.ts'

const FOLDER = 7
const FILES = 40_000

let dir: string
let file: string
let db: Database.Database
let writes: IndexWrites
let reader: IndexReader
const writers: FolderWriter[] = []

function filesNamed(prefix: string, count: number): IndexedFile[] {
  return Array.from({ length: count }, (_, i) =>
    indexedFile(i, { name: `${prefix}-${i}.bin`, fldId: FOLDER }),
  )
}

function writer(entry?: string): FolderWriter {
  const w = new FolderWriter({ file, entry })
  writers.push(w)
  return w
}

/** The names main's own connection reads in the folder, in name order. */
function namesInFolder(limit: number): string[] {
  const q: ResolvedQuery = { accts: [1], fldId: FOLDER, search: '', sort: { key: 'name', dir: 'asc' } }
  return reader.window(q, 0, limit, true).rows.flatMap((r) => (r.kind === 'file' ? [r.name] : []))
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-writer-'))
  file = join(dir, 'file-index.sqlite')
  db = openIndexDb(file).db
  db.prepare("INSERT INTO accounts (account_id, generation) VALUES ('acc', 3)").run()
  writes = new IndexWrites(db)
  reader = new IndexReader(db)
  writes.putFiles(1, 3, filesNamed('old', FILES))
})

afterEach(async () => {
  for (const w of writers.splice(0)) await w.close()
  db.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the folder writer thread', () => {
  it('replaces a big folder off the main thread: reads go on meanwhile and see it whole, before or after', async () => {
    const replace = await writer().begin(1, FOLDER)
    const renamed = filesNamed('new', FILES)
    for (let i = 0; i < renamed.length; i += 500) replace.add(renamed.slice(i, i + 500))
    const committed = replace.commit([{ fldId: 70, name: 'Inside', code: null }], NOTHING_WRITTEN)
    let done = false
    void committed.finally(() => {
      done = true
    })
    const seen = new Set<string>()
    let reads = 0
    while (!done) {
      const names = namesInFolder(50)
      // Never half-written: a window is all old names or all new ones.
      seen.add(
        names.every((n) => n.startsWith('old-'))
          ? 'old'
          : names.every((n) => n.startsWith('new-'))
            ? 'new'
            : 'mixed',
      )
      reads++
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await committed).toBe(true)
    expect(seen.has('mixed')).toBe(false)
    expect(seen.has('old')).toBe(true)
    // The loop above ran while the thread wrote: main was never held for the whole transaction.
    expect(reads).toBeGreaterThan(10)
    // (The window's first row is the new subfolder: folders come first.)
    expect(namesInFolder(4)).toEqual(['new-0.bin', 'new-1.bin', 'new-10.bin'])
    expect(writes.counts(1)).toEqual({ files: FILES, folders: 1 })
    // Rows carry the account's generation as the thread found it under the write lock.
    expect(db.prepare('SELECT DISTINCT gen FROM files').pluck().all()).toEqual([3])
    expect(writes.checkedAt(1, FOLDER)).not.toBeNull()
  }, 60_000)

  it('keeps a file the app wrote after the snapshot, drops one that was there and vanished from the host', async () => {
    const w = writer()
    const replace = await w.begin(1, FOLDER)
    // An upload lands while the host is being asked: newer than the host's answer, it stays.
    writes.putFiles(1, 3, [{ ...filesNamed('landed', 1)[0], fileCode: 'landed-now' } as IndexedFile])
    replace.add(filesNamed('old', FILES - 1))
    expect(await replace.commit([], NOTHING_WRITTEN)).toBe(true)
    const codes = new Set(db.prepare('SELECT code FROM files WHERE fld_id = ?').pluck().all(FOLDER))
    expect(codes.has('landed-now')).toBe(true)
    expect(codes.has(`code${String(FILES - 1).padStart(8, '0')}`)).toBe(false)
    expect(codes.size).toBe(FILES)
    // Repeated with the same answer: nothing differs, and it says so.
    const again = await w.begin(1, FOLDER)
    again.add(filesNamed('old', FILES - 1))
    again.add([{ ...filesNamed('landed', 1)[0], fileCode: 'landed-now' } as IndexedFile])
    expect(await again.commit([], NOTHING_WRITTEN)).toBe(false)
  }, 60_000)

  it('an aborted replacement writes nothing, and the thread goes on with the next', async () => {
    const w = writer()
    const dropped = await w.begin(1, FOLDER)
    dropped.add(filesNamed('gone', 10))
    dropped.abort()
    const next = await w.begin(1, FOLDER)
    next.add(filesNamed('old', FILES))
    expect(await next.commit([], NOTHING_WRITTEN)).toBe(false)
    expect(namesInFolder(1)).toEqual(['old-0.bin'])
  }, 60_000)

  it('a thread that cannot start fails the replacement with its reason, and the next one starts afresh', async () => {
    const broken = join(dir, 'broken-thread.cjs')
    await writeFile(broken, "throw new Error('no SQLite for this runtime')\n")
    await expect(writer(broken).begin(1, FOLDER)).rejects.toThrow('no SQLite for this runtime')
    const exits = join(dir, 'exits.cjs')
    await writeFile(exits, 'process.exit(3)\n')
    const w = writer(exits)
    await expect(w.begin(1, FOLDER)).rejects.toThrow("The file index's folder writer stopped (exit code 3).")
    await expect(w.begin(1, FOLDER)).rejects.toThrow('exit code 3')
  }, 60_000)

  it('closing (a quit mid-write) fails what still waits, with a message; the folder stays whole, and the next check replaces it', async () => {
    const w = writer()
    const replace = await w.begin(1, FOLDER)
    replace.add(filesNamed('new', FILES))
    const failed = expect(replace.commit([], NOTHING_WRITTEN)).rejects.toThrow('The file index was closed.')
    await w.close()
    await failed
    // Whatever the thread had written is one transaction: all of it is there, or none.
    const names = db.prepare('SELECT name FROM files WHERE fld_id = ?').pluck().all(FOLDER) as string[]
    expect(names).toHaveLength(FILES)
    expect(new Set(names.map((n) => n.split('-')[0]))).toHaveLength(1)
    // After a restart, the check runs again and finishes.
    const again = await writer().begin(1, FOLDER)
    again.add(filesNamed('new', FILES))
    await again.commit([], NOTHING_WRITTEN)
    expect(namesInFolder(1)).toEqual(['new-0.bin'])
  }, 60_000)
})
