import { appendFile, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveToDone } from './done-folder.ts'
import { formatDuration, parseDuration } from './duration.ts'
import { isPartialName } from './partial-names.ts'
import { SentLog } from './sent-log.ts'
import { type FileState, StableFiles } from './stable-files.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-watch-parts-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('partial and temp names', () => {
  it('skips downloads in progress, temp files and Office owner files, and nothing else', () => {
    for (const name of [
      'a.iso.part',
      'b.TMP',
      'c.crdownload',
      '~$report.docx',
      'x.partial',
      'y.download',
      '.DS_Store',
      '.report.pdf.abcdefghijkl.filedock-part',
      '.report.pdf.abcdefghijkl.filedock-part.lock',
    ])
      expect(isPartialName(name), name).toBe(true)
    for (const name of ['report.docx', 'part.txt', 'tmp', 'my~$file.txt', 'a.partition'])
      expect(isPartialName(name), name).toBe(false)
  })
})

describe('durations on the command line', () => {
  it('reads 5s, 500ms, 2m, 1h and bare seconds, and refuses the rest', () => {
    expect(parseDuration('5s')).toBe(5000)
    expect(parseDuration('500ms')).toBe(500)
    expect(parseDuration('2m')).toBe(120_000)
    expect(parseDuration('1h')).toBe(3_600_000)
    expect(parseDuration('1.5')).toBe(1500)
    for (const bad of ['', 'soon', '-1s', '5 days', '1e3']) expect(parseDuration(bad), bad).toBeNull()
    expect(formatDuration(5000)).toBe('5 s')
    expect(formatDuration(300)).toBe('300 ms')
  })
})

describe('StableFiles', () => {
  it('reports a file written in chunks only once the writer has been quiet for the minimum age', async () => {
    const path = join(dir, 'slow.bin')
    // The tracker's clock and the file's times are the test's, so however long the machine takes between two
    // writes or two looks, the writer is quiet exactly as long as the test says. `now` is read once a look.
    let clock = Date.UTC(2026, 0, 1)
    let looks = 0
    const seen: Array<{ at: number; state: FileState }> = []
    const stable = new StableFiles(
      600,
      (_p, state) => seen.push({ at: clock, state }),
      () => {
        looks++
        return clock
      },
    )
    const written = async (data: string) => {
      await appendFile(path, data)
      await utimes(path, new Date(clock), new Date(clock))
      stable.track(path) // a change event: no second tracker after the first
    }
    /** Lets the tracker look at the file `n` more times. */
    const lookAgain = async (n: number) => {
      const target = looks + n
      await expect.poll(() => looks, { timeout: 15_000, interval: 20 }).toBeGreaterThanOrEqual(target)
    }
    await written('a')
    for (let i = 0; i < 5; i++) {
      await lookAgain(1)
      clock += 250
      await written('b')
    }
    const lastWrite = clock
    clock = lastWrite + 599
    await lookAgain(2)
    expect(seen).toEqual([])
    clock = lastWrite + 600
    await expect.poll(() => seen.length, { timeout: 15_000, interval: 20 }).toBe(1)
    stable.close()
    expect(seen).toEqual([{ at: lastWrite + 600, state: { size: 6, mtimeMs: lastWrite } }])
  })

  it('reports a file that is already old after a second look, and forgets one that is removed', async () => {
    const old = join(dir, 'old.txt')
    await writeFile(old, 'settled long ago')
    await utimes(old, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    const gone = join(dir, 'gone.txt')
    await writeFile(gone, 'x')
    const seen: string[] = []
    const stable = new StableFiles(1000, (p) => seen.push(p))
    stable.track(old)
    stable.track(gone)
    await rm(gone)
    // Two looks 250 ms apart; the removed one is forgotten at its next look, a minimum age later, and never reported.
    await expect.poll(() => seen, { timeout: 15_000, interval: 20 }).toEqual([old])
    await expect.poll(() => stable.size, { timeout: 15_000, interval: 20 }).toBe(0)
    expect(seen).toEqual([old])
    stable.close()
  })
})

describe('SentLog', () => {
  it('keeps what was sent across a reopen of a burst of 300 records, and skips a torn last line', async () => {
    const path = join(dir, 'sent', 'rule.jsonl')
    const log = await SentLog.open(path)
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        log.record({ relPath: `f${i}`, size: i + 1, mtimeMs: 1000 + i, fileCode: `code${i}`, at: 1 }),
      ),
    )
    expect(log.has('f7', { size: 8, mtimeMs: 1007 })).toBe(true)
    expect(log.has('f7', { size: 8, mtimeMs: 2000 })).toBe(false) // a new version
    await log.close()
    await appendFile(path, '{"relPath":"torn","si')
    const again = await SentLog.open(path)
    await again.close()
    expect(again.count).toBe(300)
    expect(again.has('f299', { size: 300, mtimeMs: 1299 })).toBe(true)
    expect(
      (await readFile(path, 'utf8')).split('\n').filter((l) => l.startsWith('{"relPath":"f')).length,
    ).toBe(300)
  })
  it('compacts on open once superseded records pile up, keeping the newest version of each file', async () => {
    const path = join(dir, 'sent-compact', 'rule.jsonl')
    const log = await SentLog.open(path)
    for (let v = 1; v <= 150; v++)
      await log.record({ relPath: 'same.txt', size: v, mtimeMs: v, fileCode: `v${v}`, at: v })
    await log.close()
    const again = await SentLog.open(path)
    await again.close()
    expect(again.has('same.txt', { size: 150, mtimeMs: 150 })).toBe(true)
    expect((await readFile(path, 'utf8')).trim().split('\n')).toHaveLength(1)
  })

  it('appends after a torn last line (a kill mid-append) on a fresh line, so the next record is kept', async () => {
    const path = join(dir, 'sent-torn', 'rule.jsonl')
    const first = await SentLog.open(path)
    await first.record({ relPath: 'before.txt', size: 1, mtimeMs: 1000, fileCode: 'before', at: 1 })
    await first.close()
    await appendFile(path, '{"relPath":"torn.txt","si')
    const reopened = await SentLog.open(path)
    await reopened.record({ relPath: 'after.txt', size: 2, mtimeMs: 2000, fileCode: 'after', at: 2 })
    await reopened.close()
    const last = await SentLog.open(path)
    await last.close()
    expect(last.has('after.txt', { size: 2, mtimeMs: 2000 })).toBe(true)
    expect(last.count).toBe(2)
  })
})

describe('the Done folder', () => {
  it('moves a sent file keeping its sub-folder, never over another file, and leaves a changed file in place', async () => {
    const src = join(dir, 'done-src.txt')
    await writeFile(src, 'v1')
    const st = await stat(src)
    const taken = join(dir, 'Done', 'sub', 'done-src.txt')
    await mkdir(join(dir, 'Done', 'sub'), { recursive: true })
    await writeFile(taken, 'already here')
    const to = await moveToDone({ path: src, size: st.size, mtimeMs: st.mtimeMs }, taken)
    expect(to).toBe(join(dir, 'Done', 'sub', 'done-src (2).txt'))
    expect(await readFile(taken, 'utf8')).toBe('already here')
    expect(await readFile(to as string, 'utf8')).toBe('v1')

    const changed = join(dir, 'changed.txt')
    await writeFile(changed, 'v1')
    const before = await stat(changed)
    await writeFile(changed, 'v2 is longer')
    expect(
      await moveToDone(
        { path: changed, size: before.size, mtimeMs: before.mtimeMs },
        join(dir, 'Done', 'c.txt'),
      ),
    ).toBeNull()
    expect(await readFile(changed, 'utf8')).toBe('v2 is longer')
  })
})
