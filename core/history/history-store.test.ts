import { type FileHandle, mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { HISTORY_FILE, type HistoryEntry, HistoryStore, SYNC_INTERVAL_MS } from './history-store.ts'

let dir: string
let file: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-history-'))
  file = join(dir, HISTORY_FILE)
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

let serial = 0
function entry(over: Partial<HistoryEntry> = {}): HistoryEntry {
  serial++
  return {
    id: `id-${serial}`,
    finishedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, serial % 60)).toISOString(),
    accountId: 'acc-1',
    accountLabel: 'Main account',
    baseUrl: 'https://host.example',
    name: `file-${serial}.bin`,
    size: 1000 + serial,
    fldId: 0,
    folderPath: '',
    fileCode: `code${String(serial).padStart(8, '0')}`,
    pageLink: `https://host.example/code${String(serial).padStart(8, '0')}`,
    batchId: 'batch-1',
    relPath: `file-${serial}.bin`,
    ...over,
  }
}

const lineOf = (e: HistoryEntry) => `${JSON.stringify(e)}\n`

describe('HistoryStore persistence', () => {
  it('keeps records across reopen, in order, with batches', async () => {
    const store = await HistoryStore.open(join(dir, 'nested', 'data'))
    const a = entry({ batchId: 'b1' })
    const b = entry({ batchId: 'b2' })
    const c = entry({ batchId: 'b1' })
    await store.append(a)
    await Promise.all([store.append(b), store.append(c)])
    expect(store.count()).toBe(3)
    await store.close()
    await store.close()

    const again = await HistoryStore.open(join(dir, 'nested', 'data'))
    expect(again.count()).toBe(3)
    expect(again.search().map((e) => e.id)).toEqual([c.id, b.id, a.id])
    expect(again.byBatch('b1')).toEqual([a, c])
    expect(again.byBatch('nope')).toEqual([])
    expect(again.skippedOnLoad).toBe(0)
    await again.close()
  })

  it('has the record in the file when append resolves, and keeps concurrent appends in call order', async () => {
    const store = await HistoryStore.open(dir)
    const many = Array.from({ length: 500 }, () => entry())
    await Promise.all(many.map((e) => store.append(e)))
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n')
    expect(lines.map((l) => (JSON.parse(l) as HistoryEntry).id)).toEqual(many.map((e) => e.id))
    await store.close()
  })

  it('flushes to disk at most once per SYNC_INTERVAL_MS while appending, and on close', async () => {
    // The flush timer runs on a fake clock; the writes and flushes are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const store = await HistoryStore.open(dir)
    const probe = await open(join(dir, 'probe'), 'w')
    const fileHandleProto = Object.getPrototypeOf(probe) as FileHandle
    await probe.close()
    const datasync = vi.spyOn(fileHandleProto, 'datasync')
    try {
      let appended = 0
      for (let interval = 1; interval <= 3; interval++) {
        // Fifty records within one interval: written at once, flushed together once the interval is up.
        for (let i = 0; i < 50; i++, appended++) await store.append(entry())
        expect(datasync).toHaveBeenCalledTimes(interval - 1)
        await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS - 1)
        expect(datasync).toHaveBeenCalledTimes(interval - 1)
        await vi.advanceTimersByTimeAsync(1)
        // The flush itself is real I/O (vi.waitFor would move the fake clock on).
        while (datasync.mock.calls.length < interval) await new Promise((resolve) => setImmediate(resolve))
        expect(datasync).toHaveBeenCalledTimes(interval)
      }
      // Nothing written since the last flush: the next interval flushes nothing.
      await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS * 3)
      expect(datasync).toHaveBeenCalledTimes(3)
      await store.append(entry())
      const last = store.append(entry()) // not awaited first: close must still write and flush it
      await store.close()
      await last
      expect(datasync).toHaveBeenCalledTimes(4)
      expect((await readFile(file, 'utf8')).trimEnd().split('\n')).toHaveLength(appended + 2)
    } finally {
      datasync.mockRestore()
      vi.useRealTimers()
    }
  })

  it('drops a torn last line and cuts it off, so the next record is not glued to it', async () => {
    const a = entry()
    const b = entry()
    await writeFile(file, `${lineOf(a)}${lineOf(b)}{"id":"torn","finishedAt":"2025-01-`)
    const store = await HistoryStore.open(dir)
    expect(store.count()).toBe(2)
    expect(store.skippedOnLoad).toBe(1)
    const c = entry()
    await store.append(c)
    await store.close()
    expect(await readFile(file, 'utf8')).toBe(`${lineOf(a)}${lineOf(b)}${lineOf(c)}`)
    const again = await HistoryStore.open(dir)
    expect(again.search().map((e) => e.id)).toEqual([c.id, b.id, a.id])
    await again.close()
  })

  it('keeps a complete last record that lost only its newline', async () => {
    const a = entry()
    const b = entry()
    await writeFile(file, `${lineOf(a)}${JSON.stringify(b)}`)
    const store = await HistoryStore.open(dir)
    const c = entry()
    await store.append(c)
    await store.close()
    const again = await HistoryStore.open(dir)
    expect(again.count()).toBe(3)
    expect(again.skippedOnLoad).toBe(0)
    await again.close()
  })

  it('skips unreadable lines in the middle but leaves them in the file', async () => {
    const a = entry()
    const b = entry()
    const bad = 'not json at all\n{"id":"wrong shape"}\n\r\n'
    await writeFile(file, `${lineOf(a)}${bad}${lineOf(b).replace('\n', '\r\n')}`)
    const store = await HistoryStore.open(dir)
    expect(store.skippedOnLoad).toBe(1)
    // A line shaped like a record is only known to be wrong once it is parsed (records load unparsed).
    expect(store.count()).toBe(3)
    expect(store.search().map((e) => e.id)).toEqual([b.id, a.id])
    expect(store.count()).toBe(2)
    await store.close()
    expect(await readFile(file, 'utf8')).toContain('not json at all')
  })

  it('keeps “already there” across reopen, written only on the records that have it', async () => {
    const folder = join(dir, 'already-there')
    const store = await HistoryStore.open(folder)
    const sent = entry({ batchId: 'b9' })
    const found = entry({ batchId: 'b9', alreadyThere: true })
    await store.append(sent)
    await store.append(found)
    await expect(
      store.append({ ...entry(), alreadyThere: false } as unknown as HistoryEntry),
    ).rejects.toMatchObject({ kind: 'invalid_input' })
    await store.close()
    const lines = (await readFile(join(folder, HISTORY_FILE), 'utf8')).trimEnd().split('\n')
    expect(lines.map((l) => l.includes('alreadyThere'))).toEqual([false, true])

    const again = await HistoryStore.open(folder)
    expect(again.byBatch('b9')).toEqual([sent, found])
    await again.close()
  })

  it('keeps the local source path across reopen, and still reads the lines of older versions, which have none', async () => {
    const folder = join(dir, 'sources')
    await mkdir(folder, { recursive: true })
    // A line as versions before local paths wrote it (the exact key order of serializeEntry then).
    const old = entry({ batchId: 'b7' })
    await writeFile(join(folder, HISTORY_FILE), lineOf(old))
    const store = await HistoryStore.open(folder)
    const kept = entry({ batchId: 'b7', localPath: '/home/me/photos/a "quoted" b.jpg' })
    await store.append(kept)
    await expect(store.append({ ...entry(), localPath: 7 } as unknown as HistoryEntry)).rejects.toMatchObject(
      { kind: 'invalid_input' },
    )
    await store.close()

    const again = await HistoryStore.open(folder)
    const batch = again.byBatch('b7')
    expect(batch).toEqual([old, kept])
    expect(batch[0]?.localPath).toBeUndefined()
    expect(batch[1]?.localPath).toBe('/home/me/photos/a "quoted" b.jpg')
    // The path is not a searchable field: only name, code, folder and account are.
    expect(again.search({ text: 'quoted' })).toEqual([])
    await again.close()
  })

  it('refuses a malformed record and appends after close', async () => {
    const store = await HistoryStore.open(dir)
    const broken = { ...entry(), size: 'big' } as unknown as HistoryEntry
    await expect(store.append(broken)).rejects.toMatchObject({ kind: 'invalid_input' })
    await store.close()
    await expect(store.append(entry())).rejects.toMatchObject({ kind: 'internal' })
  })

  it('does not freeze or keep the caller’s object', async () => {
    const store = await HistoryStore.open(dir)
    const mine = entry()
    await store.append(mine)
    mine.name = 'changed afterwards'
    expect(Object.isFrozen(mine)).toBe(false)
    expect(store.search()[0]?.name).not.toBe('changed afterwards')
    await store.close()
  })
})

describe.each(['appended in this session', 'loaded from disk'])('HistoryStore search, records %s', (how) => {
  let store: HistoryStore
  beforeEach(async () => {
    store = await HistoryStore.open(dir)
    await store.append(entry({ id: 'holiday', name: 'Holiday Photo.JPG', folderPath: 'Trips/2024' }))
    await store.append(entry({ id: 'cafe', name: 'cafe\u0301 menu.pdf' })) // decomposed é, as macOS names it
    await store.append(
      entry({ id: 'other', accountId: 'acc-2', accountLabel: 'Backup Host', name: 'db.sql' }),
    )
    await store.append(entry({ id: 'quote', name: 'say "hi" \\ (now).txt', batchId: 'b-"x"' }))
    await store.append(entry({ id: 'code', fileCode: 'abcXYZ123456', name: 'x.bin' }))
    if (how === 'loaded from disk') {
      await store.close()
      store = await HistoryStore.open(dir)
    }
  })
  afterEach(() => store.close())

  const ids = (q: Parameters<HistoryStore['search']>[0]) => store.search(q).map((e) => e.id)

  it('matches name, file code, folder path and account label, ignoring case, newest first', () => {
    expect(ids({ text: 'holiday photo' })).toEqual(['holiday'])
    expect(ids({ text: 'XYZ123' })).toEqual(['code'])
    expect(ids({ text: 'trips/2024' })).toEqual(['holiday'])
    expect(ids({ text: 'backup' })).toEqual(['other'])
    expect(ids({ text: 'MAIN ACCOUNT' })).toEqual(['code', 'quote', 'cafe', 'holiday'])
    expect(ids({ text: '  ' })).toEqual(['code', 'quote', 'other', 'cafe', 'holiday'])
  })

  it('matches composed text typed by a person against a decomposed stored name', () => {
    expect(ids({ text: 'CAFÉ' })).toEqual(['cafe'])
    expect(ids({ text: 'cafe\u0301' })).toEqual(['cafe'])
  })

  it('matches quotes, backslashes and regex characters literally', () => {
    expect(ids({ text: '"HI" \\ (now)' })).toEqual(['quote'])
    expect(ids({ text: '.*' })).toEqual([])
    expect(store.byBatch('b-"x"').map((e) => e.id)).toEqual(['quote'])
  })

  it('does not match keys, other fields or across two fields', () => {
    expect(ids({ text: 'accountLabel' })).toEqual([])
    expect(ids({ text: 'https://' })).toEqual([])
    expect(ids({ text: 'jpg\u0000code' })).toEqual([])
    expect(ids({ text: '.jpgcode' })).toEqual([])
    expect(store.count()).toBe(5)
  })

  it('filters by account and pages with limit and offset', () => {
    expect(ids({ accountId: 'acc-2' })).toEqual(['other'])
    expect(ids({ accountId: 'acc-1', limit: 2 })).toEqual(['code', 'quote'])
    expect(ids({ accountId: 'acc-1', limit: 2, offset: 2 })).toEqual(['cafe', 'holiday'])
    expect(ids({ accountId: 'acc-1', text: 'backup' })).toEqual([])
    expect(ids({ offset: 10 })).toEqual([])
    expect(store.byBatch('batch-1').map((e) => e.id)).toEqual(['holiday', 'cafe', 'other', 'code'])
  })
})

async function writeLargeHistory(n: number): Promise<void> {
  const parts: string[] = []
  for (let i = 0; i < n; i++) {
    parts.push(
      lineOf(
        entry({
          name: i % 3 === 0 ? `Urlaub Strand ${i}.jpg` : `report-${i}.pdf`,
          folderPath: `archive/${i % 50}`,
          batchId: `batch-${Math.floor(i / 100)}`,
          relPath: `archive/${i % 50}/report-${i}.pdf`,
        }),
      ),
    )
  }
  await writeFile(file, parts.join(''))
}

describe('HistoryStore at 100,000 records', () => {
  // What keeps opening and searching quick (the figures are the bench's): no record is parsed at open, an ASCII
  // file is not normalised, and a search or batch lookup parses only the lines its raw filter lets through.
  it('opens without parsing a record, and a search or batch lookup parses only the lines that may match', async () => {
    const N = 100_000
    await writeLargeHistory(N)
    const parse = vi.spyOn(JSON, 'parse')
    const normalize = vi.spyOn(String.prototype, 'normalize')
    try {
      const store = await HistoryStore.open(dir)
      expect(store.count()).toBe(N)
      expect(parse).not.toHaveBeenCalled()
      expect(normalize).not.toHaveBeenCalled()

      const found = store.search({ text: 'STRAND 9999.jpg', limit: 1000 })
      expect(found.map((e) => e.name)).toEqual(['Urlaub Strand 9999.jpg'])
      expect(parse).toHaveBeenCalledTimes(1)
      expect(store.byBatch('batch-7')).toHaveLength(100)
      expect(parse).toHaveBeenCalledTimes(1 + 100)
      // A line is parsed once: the same lookups again parse nothing.
      expect(store.search({ text: 'STRAND 9999.jpg', limit: 1000 })).toEqual(found)
      expect(store.byBatch('batch-7')).toHaveLength(100)
      expect(parse).toHaveBeenCalledTimes(1 + 100)
      // The newest page of an unfiltered search parses that page, not the history.
      expect(store.search({ limit: 50 })).toHaveLength(50)
      expect(parse).toHaveBeenCalledTimes(1 + 100 + 50)
      await store.close()
    } finally {
      parse.mockRestore()
      normalize.mockRestore()
    }
  })
})

describe('HistoryStore in the reader’s language', () => {
  it('says in Spanish that the history file could not be opened, the OS code as it is', async () => {
    // The history file's name taken by a folder: the journal cannot open it.
    await mkdir(join(dir, 'taken', HISTORY_FILE), { recursive: true })
    const error = await HistoryStore.open(join(dir, 'taken')).then(
      () => expect.fail('a folder opened as the history file'),
      (e: FiledockError) => e,
    )
    expect(error.message).toBe('Could not open the upload history file (EISDIR).')
    expect(errorText(await intlFor('es'), error)).toBe(
      'No se pudo abrir el archivo del historial de subidas (EISDIR).',
    )
  })
})
