import { spawnSync } from 'node:child_process'
import type { FileHandle } from 'node:fs/promises'
import { appendFile, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Journal } from './journal.ts'
import { parseRecords } from './journal-lines.ts'

let dir: string
let path: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-journal-'))
  path = join(dir, 'j.jsonl')
})

afterEach(async () => {
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

async function fileRecords(): Promise<unknown[]> {
  const text = await readFile(path, 'utf8')
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l))
}

/** Counts fdatasync calls on every file handle (FileHandle's prototype is shared by all of them). */
async function countSyncs() {
  const probe = await open(path, 'a')
  const proto = Object.getPrototypeOf(probe) as FileHandle
  await probe.close()
  return vi.spyOn(proto, 'datasync')
}

describe('Journal: reopen and a torn tail', () => {
  it('returns every record on reopen, in the order appended', async () => {
    const first = await Journal.open(path, { sync: 'every-append', label: 'the test journal' })
    expect(first.lines).toEqual([])
    await first.journal.append([{ n: 1 }, { n: 2 }])
    await first.journal.append([{ n: 3, text: 'line\nbreak "quoted" é' }])
    await first.journal.close()
    const again = await Journal.open(path, { sync: 'every-append', label: 'the test journal' })
    expect(parseRecords(again.lines).records).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3, text: 'line\nbreak "quoted" é' },
    ])
    expect(again.skipped).toBe(0)
    expect(again.ascii).toBe(false)
    await again.journal.close()
  })

  it('cuts a torn last line off so the next record starts on its own line', async () => {
    await writeFile(path, '{"n":1}\n{"n":2}\n{"n":3,"name":"par')
    const opened = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    expect(parseRecords(opened.lines).records).toEqual([{ n: 1 }, { n: 2 }])
    expect(opened.skipped).toBe(1)
    await opened.journal.append([{ n: 4 }])
    await opened.journal.close()
    expect(await fileRecords()).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }])
  })

  it('keeps a complete last record that only lacks its newline, and skips (keeps) a damaged middle line', async () => {
    await writeFile(path, '{"n":1}\nnot a record\n{"n":2\n{"n":3}')
    const opened = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    // `{"n":2` does not look like a record; the middle is never cut, only skipped.
    expect(parseRecords(opened.lines).records).toEqual([{ n: 1 }, { n: 3 }])
    expect(opened.skipped).toBe(2)
    await opened.journal.append([{ n: 4 }])
    await opened.journal.close()
    expect(await readFile(path, 'utf8')).toBe('{"n":1}\nnot a record\n{"n":2\n{"n":3}\n{"n":4}\n')
  })

  it('refuses a second open of the same file in this process, and allows it after close', async () => {
    const first = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    await expect(
      Journal.open(join(dir, '.', 'j.jsonl'), { sync: 'when-asked', label: 'the test journal' }),
    ).rejects.toThrow(/The test journal .* is already open in this process/)
    await first.journal.close()
    const second = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    await second.journal.close()
  })

  it('lets two writers share a journal opened for shared appends (never compacted), lines unmixed', async () => {
    const options = { sync: 'when-asked', label: 'the test journal', sharedAppend: true } as const
    const a = await Journal.open(path, options)
    const b = await Journal.open(path, options)
    await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        (n % 2 ? a.journal : b.journal).append([{ n, pad: 'x'.repeat(n * 7) }]),
      ),
    )
    await expect(a.journal.compact([])).rejects.toThrow('The test journal is shared with other writers')
    await a.journal.close()
    await b.journal.close()
    const records = (await fileRecords()) as { n: number }[]
    expect(records.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, n) => n))
  })

  it('refuses records that are not one-line objects, and appends after close', async () => {
    const { journal } = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    await expect(journal.appendLines(['{"a":\n1}'])).rejects.toThrow(/Not a one-line JSON record/)
    await expect(journal.appendLines(['[1]'])).rejects.toThrow(/Not a one-line JSON record/)
    await journal.close()
    await journal.close()
    await expect(journal.append([{ n: 1 }])).rejects.toThrow('The test journal is closed.')
    expect(await readFile(path, 'utf8')).toBe('')
  })
})

describe('Journal: concurrent appenders and the flush policy', () => {
  it('keeps call order for 500 appends from many callers at once and shares flushes among them', async () => {
    const syncs = await countSyncs()
    const { journal } = await Journal.open(path, { sync: 'every-append', label: 'the test journal' })
    const writers = Array.from({ length: 5 }, (_, w) =>
      (async () => {
        for (let n = 0; n < 100; n++) await journal.append([{ w, n }])
      })(),
    )
    await Promise.all(writers)
    const flushed = syncs.mock.calls.length
    await journal.close()
    const records = (await fileRecords()) as { w: number; n: number }[]
    expect(records).toHaveLength(500)
    for (let w = 0; w < 5; w++) {
      expect(records.filter((r) => r.w === w).map((r) => r.n)).toEqual(
        Array.from({ length: 100 }, (_, n) => n),
      )
    }
    // Every append waited for a flush, yet appends made while one ran shared the next (group commit).
    expect(flushed).toBeGreaterThan(0)
    expect(flushed).toBeLessThan(500)
  })

  it("'when-asked' flushes only for appends that ask, and on close", async () => {
    const syncs = await countSyncs()
    const { journal } = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    for (let n = 0; n < 20; n++) await journal.append([{ n }])
    expect(syncs).not.toHaveBeenCalled()
    await journal.append([{ n: 20 }], { sync: true })
    expect(syncs).toHaveBeenCalledTimes(1)
    await journal.append([{ n: 21 }])
    await journal.close()
    expect(syncs).toHaveBeenCalledTimes(2)
    expect(await fileRecords()).toHaveLength(22)
  })

  it('{ maxDelayMs } resolves appends once written and flushes once, maxDelayMs after', async () => {
    const syncs = await countSyncs()
    // The flush timer on a fake clock (a loaded machine's slow writes would otherwise outlast the 50 ms).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { journal } = await Journal.open(path, { sync: { maxDelayMs: 50 }, label: 'the test journal' })
      await Promise.all(Array.from({ length: 30 }, (_, n) => journal.append([{ n }])))
      expect(await fileRecords()).toHaveLength(30)
      await vi.advanceTimersByTimeAsync(49)
      expect(syncs).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      // The flush is real I/O (vi.waitFor would move the fake clock on).
      while (syncs.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve))
      await journal.close()
      // Nothing was written since the timed flush: close has nothing to flush.
      expect(syncs).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('starts a fresh line after a failed write, so the next record is not glued to half a line', async () => {
    const { journal } = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    await journal.append([{ n: 1 }])
    const probe = await open(path, 'r')
    const proto = Object.getPrototypeOf(probe) as FileHandle
    await probe.close()
    vi.spyOn(proto, 'write').mockImplementationOnce(async () => {
      // A disk that filled up in the middle of a line.
      await appendFile(path, '{"n":2,"ha')
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
    })
    await expect(journal.append([{ n: 2 }])).rejects.toThrow('no space left')
    await journal.append([{ n: 3 }])
    await journal.close()
    const again = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    expect(parseRecords(again.lines).records).toEqual([{ n: 1 }, { n: 3 }])
    expect(again.skipped).toBe(1)
    await again.journal.close()
  })
})

describe('Journal: compaction while appending', () => {
  it('replaces the content with the state as of the call; appends before and after it all survive', async () => {
    const { journal } = await Journal.open(path, { sync: 'when-asked', label: 'the test journal' })
    // A counter whose journal is one line per increment, compacted to one line of the total.
    let total = 0
    const increments: Promise<void>[] = []
    const compactions: Promise<void>[] = []
    for (let n = 1; n <= 300; n++) {
      total += 1
      increments.push(journal.append([{ add: 1 }], { sync: n % 7 === 0 }))
      if (n % 100 === 50) compactions.push(journal.compact([{ total }]))
    }
    await Promise.all([...increments, ...compactions])
    await journal.close()
    const records = (await fileRecords()) as ({ total: number } | { add: number })[]
    // The last compaction (at 250) is the first line; the 50 later increments follow it.
    expect(records[0]).toEqual({ total: 250 })
    expect(records).toHaveLength(51)
    const replayed = records.reduce((sum, r) => sum + ('total' in r ? r.total : r.add), 0)
    expect(replayed).toBe(300)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
  })

  it('survives a reopen right after compacting, and compacts an empty state to an empty file', async () => {
    const first = await Journal.open(path, { sync: 'every-append', label: 'the test journal' })
    await first.journal.append([{ a: 1 }, { a: 2 }])
    await first.journal.compact([])
    await first.journal.append([{ a: 3 }])
    await first.journal.close()
    const again = await Journal.open(path, { sync: 'every-append', label: 'the test journal' })
    expect(parseRecords(again.lines).records).toEqual([{ a: 3 }])
    await again.journal.compact([])
    await again.journal.close()
    expect(await readFile(path, 'utf8')).toBe('')
  })

  it('removes the temp file of a compaction killed mid-write, not one a live process is writing', async () => {
    await writeFile(path, '{"a":1}\n')
    const gone = spawnSync(process.execPath, ['-e', '0']).pid as number
    const killedTemp = join(dir, `.j.jsonl.${gone}.abcdef012345.tmp`)
    const liveTemp = join(dir, `.j.jsonl.${process.ppid}.abcdef012345.tmp`)
    await writeFile(killedTemp, '{"half":')
    await writeFile(liveTemp, '{"b":')
    const opened = await Journal.open(path, { sync: 'every-append', label: 'the test journal' })
    expect(parseRecords(opened.lines).records).toEqual([{ a: 1 }])
    expect((await readdir(dir)).sort()).toEqual([`.j.jsonl.${process.ppid}.abcdef012345.tmp`, 'j.jsonl'])
    await opened.journal.close()
  })
})
