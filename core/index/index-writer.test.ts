import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { filesJson, type IndexedFile } from './files-json.ts'
import { IndexReader } from './index-reader.ts'
import { IndexWriter } from './index-writer.ts'
import { openIndexDb, openIndexReader } from './open-index-db.ts'
import type { ResolvedQuery } from './query-sql.ts'
import { indexedFile } from './testing/indexed-file.ts'

const FOLDER = 7
const OTHER = 8
const FILES = 40_000

let dir: string
let file: string
/** Main's side: the read-only connection, as IndexService has it. */
let db: Database.Database
let reader: IndexReader
let acct: number
const writers: IndexWriter[] = []

function filesNamed(prefix: string, count: number, fldId = FOLDER): IndexedFile[] {
  return Array.from({ length: count }, (_, i) => indexedFile(i, { name: `${prefix}-${i}.bin`, fldId }))
}

function writer(entry?: string): IndexWriter {
  const w = new IndexWriter({ file, entry })
  writers.push(w)
  return w
}

/** The names main's own connection reads in the folder, in name order. */
function namesInFolder(limit: number, fldId = FOLDER): string[] {
  const q: ResolvedQuery = { accts: [acct], fldId, search: '', sort: { key: 'name', dir: 'asc' } }
  return reader.window(q, 0, limit, true).rows.flatMap((r) => (r.kind === 'file' ? [r.name] : []))
}

function row(code: string) {
  return db
    .prepare<[number, string], { name: string; fld_id: number; gen: number; app_seq: number }>(
      'SELECT name, fld_id, gen, app_seq FROM files WHERE acct = ? AND code = ?',
    )
    .get(acct, code)
}

/** A folder's replacement as a revalidation runs it: mark, begin, the host's pages, commit. */
async function replaceWith(w: IndexWriter, mark: number, files: IndexedFile[]): Promise<boolean> {
  const replace = await w.beginReplace(acct, FOLDER, mark)
  for (let i = 0; i < files.length; i += 500) replace.add(filesJson(files.slice(i, i + 500)))
  return replace.commit([])
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-writer-'))
  file = join(dir, 'file-index.sqlite')
  openIndexDb(file).db.close()
  db = openIndexReader(file, undefined)
  reader = new IndexReader(db)
  const w = writer()
  acct = await w.account('acc')
  await w.startPass(acct, 3, 0)
  await w.pages(acct, 3, [{ page: 1, mark: 0, files: filesJson(filesNamed('old', FILES)) }], null)
})

afterEach(async () => {
  for (const w of writers.splice(0)) await w.close()
  db.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the index writer thread', () => {
  it('replaces a big folder off the main thread: reads go on meanwhile and see it whole, before or after', async () => {
    const w = writers[0] as IndexWriter
    const replace = await w.beginReplace(acct, FOLDER, w.mark())
    const renamed = filesNamed('new', FILES)
    for (let i = 0; i < renamed.length; i += 500) replace.add(filesJson(renamed.slice(i, i + 500)))
    const committed = replace.commit([{ fldId: 70, name: 'Inside', code: null }])
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
    expect(namesInFolder(4)).toEqual(['new-0.bin', 'new-1.bin', 'new-2.bin'])
    expect(db.prepare('SELECT count(*) FROM files').pluck().get()).toBe(FILES)
    // Rows carry the account's generation as the thread found it under the write lock.
    expect(db.prepare('SELECT DISTINCT gen FROM files').pluck().all()).toEqual([3])
    expect(db.prepare('SELECT checked_at FROM folder_checks WHERE fld_id = ?').pluck().get(FOLDER)).toEqual(
      expect.any(Number),
    )
  }, 60_000)

  it('keeps a file the app wrote after the snapshot, drops one that was there and vanished from the host', async () => {
    const w = writers[0] as IndexWriter
    const replace = await w.beginReplace(acct, FOLDER, w.mark())
    // An upload lands while the host is being asked: newer than the host's answer, it stays.
    const landed = { ...indexedFile(0, { name: 'landed.bin', fldId: FOLDER }), fileCode: 'landednow1' }
    await w.change('acc', { kind: 'filesAdded', files: filesJson([landed]) })
    replace.add(filesJson(filesNamed('old', FILES - 1)))
    expect(await replace.commit([])).toBe(true)
    const codes = new Set(db.prepare('SELECT code FROM files WHERE fld_id = ?').pluck().all(FOLDER))
    expect(codes.has('landednow1')).toBe(true)
    expect(codes.has(`code${String(FILES - 1).padStart(8, '0')}`)).toBe(false)
    expect(codes.size).toBe(FILES)
    // Repeated with the same answer: nothing differs, and it says so.
    expect(await replaceWith(w, w.mark(), [...filesNamed('old', FILES - 1), landed])).toBe(false)
  }, 60_000)

  it('an aborted replacement writes nothing, and the thread goes on with the next', async () => {
    const w = writers[0] as IndexWriter
    const dropped = await w.beginReplace(acct, FOLDER, w.mark())
    dropped.add(filesJson(filesNamed('gone', 10)))
    dropped.abort()
    expect(await replaceWith(w, w.mark(), filesNamed('old', FILES))).toBe(false)
    expect(namesInFolder(1)).toEqual(['old-0.bin'])
  }, 60_000)

  it('a thread that cannot start fails the write with its reason, and the next one starts afresh', async () => {
    const broken = join(dir, 'broken-thread.cjs')
    await writeFile(broken, "throw new Error('no SQLite for this runtime')\n")
    await expect(writer(broken).account('acc')).rejects.toThrow('no SQLite for this runtime')
    const exits = join(dir, 'exits.cjs')
    await writeFile(exits, 'process.exit(3)\n')
    const w = writer(exits)
    await expect(w.account('acc')).rejects.toThrow("The file index's writer stopped (exit code 3).")
    await expect(w.beginReplace(acct, FOLDER, 0)).rejects.toThrow('exit code 3')
  }, 60_000)

  it('closing (a quit mid-write) lets what was handed over finish, whole; nothing after it is written', async () => {
    const w = writers[0] as IndexWriter
    const replace = await w.beginReplace(acct, FOLDER, w.mark())
    replace.add(filesJson(filesNamed('new', FILES)))
    const committed = replace.commit([])
    // A rename the host confirmed, handed over just before the quit: not lost.
    const renamed = w.change('acc', { kind: 'fileRenamed', fileCode: 'code00000001', name: 'renamed.bin' })
    await w.close()
    expect(await committed).toBe(true)
    expect(await renamed).toEqual({ changed: true, fldIds: [FOLDER] })
    const names = db.prepare('SELECT name FROM files WHERE fld_id = ?').pluck().all(FOLDER) as string[]
    expect(names).toHaveLength(FILES)
    expect(names.filter((n) => n.startsWith('new-'))).toHaveLength(FILES - 1)
    expect(names).toContain('renamed.bin')
    // After a restart, the next check replaces the folder again.
    expect(await replaceWith(writer(), 0, filesNamed('newer', FILES))).toBe(true)
    expect(namesInFolder(1)).toEqual(['newer-0.bin'])
  }, 60_000)

  it("leaves a rename made after a crawl page was asked for, though the page's write comes after the rename's", async () => {
    const w = writers[0] as IndexWriter
    const [a, b] = filesNamed('old', 2)
    if (a === undefined || b === undefined) throw new Error('no files')
    // The page is asked for (its mark taken), the app renames a file on the host and in the index, then the page,
    // which the host answered before the rename, reaches the writer with the old name.
    const mark = w.mark()
    await w.change('acc', { kind: 'fileRenamed', fileCode: a.fileCode, name: 'renamed by the app.bin' })
    await w.pages(
      acct,
      4,
      [{ page: 2, mark, files: filesJson([a, { ...b, name: 'renamed on the host.bin' }]) }],
      null,
    )
    expect(row(a.fileCode)).toEqual({ name: 'renamed by the app.bin', fld_id: FOLDER, gen: 4, app_seq: 1 })
    // The page's other rows are written as listed; the kept row still counts as seen (generation 4).
    expect(row(b.fileCode)).toMatchObject({ name: 'renamed on the host.bin', gen: 4, app_seq: 0 })
    // A page asked for after the rename is newer than it: it is written as listed.
    await w.pages(
      acct,
      4,
      [{ page: 2, mark: w.mark(), files: filesJson([{ ...a, name: 'later.bin' }]) }],
      null,
    )
    expect(row(a.fileCode)?.name).toBe('later.bin')
  })

  it('two app writes and a revalidation interleave in the queue: each row ends as the newest of them says', async () => {
    const w = writers[0] as IndexWriter
    const [a, b, c, d] = filesNamed('old', 4)
    if (a === undefined || b === undefined || c === undefined || d === undefined) throw new Error('no files')
    // Before the revalidation: the app renamed c. The host renamed it again since, behind the app's back, and the
    // revalidation (asked later) says so: its listing is newer than that rename.
    await w.change('acc', { kind: 'fileRenamed', fileCode: c.fileCode, name: 'app before.bin' })
    const mark = w.mark()
    const replace = await w.beginReplace(acct, FOLDER, mark)
    const listed = filesNamed('old', FILES).map((f) =>
      f.fileCode === c.fileCode ? { ...f, name: 'host.bin' } : f,
    )
    replace.add(filesJson(listed))
    // While the listing is on its way the app renames a, removes d (the host listed it as deleted), and the
    // writes are queued around the listing's commit: the rename and the removal ahead of it, a move behind it.
    const renamed = w.change('acc', { kind: 'fileRenamed', fileCode: a.fileCode, name: 'app during.bin' })
    const removed = w.change('acc', { kind: 'filesRemoved', fileCodes: [d.fileCode] })
    const committed = replace.commit([])
    const moved = w.change('acc', { kind: 'filesMoved', fileCodes: [b.fileCode], fldId: OTHER })
    expect(await renamed).toEqual({ changed: true, fldIds: [FOLDER] })
    expect(await removed).toEqual({ changed: true, fldIds: null })
    expect(await committed).toBe(true)
    expect(await moved).toEqual({ changed: true, fldIds: [OTHER, FOLDER] })

    expect(row(a.fileCode)).toMatchObject({ name: 'app during.bin', fld_id: FOLDER, app_seq: mark + 1 })
    expect(row(b.fileCode)).toMatchObject({ name: b.name, fld_id: OTHER, app_seq: mark + 3 })
    expect(row(c.fileCode)).toMatchObject({ name: 'host.bin', app_seq: mark })
    // The listing held d, read before the removal: it is not put back.
    expect(row(d.fileCode)).toBeUndefined()
    expect(namesInFolder(3, OTHER)).toEqual([b.name])
    expect(db.prepare('SELECT count(*) FROM files WHERE fld_id = ?').pluck().get(FOLDER)).toBe(FILES - 2)
  }, 60_000)
})
