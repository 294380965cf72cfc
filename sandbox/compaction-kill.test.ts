import { spawn } from 'node:child_process'
import { copyFile, readdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Entry } from './model.ts'
import type { Json } from './test-support.ts'
import { openSandbox, tempDirsForAll } from './test-support.ts'
import { journalEntries, replay, storeState } from './testing/store-state.ts'

const newDir = tempDirsForAll()

const key = 'k'.repeat(24)
const FILES = 30_000
const DOWNLOADS = 150_000

/**
 * A journal long enough that compacting it takes a while (~210,000 lines, ~15 MB; ~60,000 lines once compacted):
 * files, a flood of download counters and upload sessions that have all expired.
 */
function grownJournal(): string {
  // Ten days ago: the statistics (the last 365 days at most) still show every download.
  const at = Date.now() - 10 * 86_400_000
  const entries: Entry[] = [
    { t: 'init', secret: 's'.repeat(64), at },
    { t: 'acct', id: 1, email: 'demo@sandbox.local', key, at, quota: null },
  ]
  const code = (i: number) => `f${String(i).padStart(11, '0')}`
  for (let i = 0; i < FILES; i++) {
    entries.push({
      t: 'file',
      code: code(i),
      acct: 1,
      name: `file ${i}.bin`,
      size: i,
      fld: 0,
      at,
      blob: null,
      virt: i,
    })
  }
  for (let i = 0; i < DOWNLOADS; i++) entries.push({ t: 'dl', code: code(i % FILES), at: at + i * 1000 })
  for (let i = 0; i < 30_000; i++) entries.push({ t: 'sess', id: `s${i}`, acct: 1, exp: at })
  return `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`
}

/**
 * Runs the sandbox as its own process (as `npm run sandbox` does, without the tsx launcher in between) and
 * SIGKILLs it `delayMs` after it says it is compacting. Resolves once it is dead.
 */
function killWhileCompacting(dir: string, delayMs: number): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/main.ts', '--data', dir, '--port', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let stderr = ''
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const seenBefore = stderr.includes('compacting the journal')
      stderr += chunk.toString()
      if (!seenBefore && stderr.includes('compacting the journal')) {
        setTimeout(() => child.kill('SIGKILL'), delayMs)
      }
    })
    child.once('exit', (_code, signal) =>
      signal === 'SIGKILL'
        ? resolve()
        : reject(new Error(`the sandbox was not killed mid-compaction: ${stderr}`)),
    )
  })
}

describe('a kill during compaction', () => {
  it('leaves the old journal or the compacted one, each the whole state; the next start finishes the job', async () => {
    const source = path.join(await newDir(), 'grown.jsonl')
    await writeFile(source, grownJournal())
    const expected = storeState(replay(await journalEntries(source)))
    const grownSize = (await stat(source)).size
    const outcomes: string[] = []
    for (const delayMs of [0, 50, 150, 400]) {
      const dir = await newDir()
      const journal = path.join(dir, 'journal.jsonl')
      await copyFile(source, journal)
      await killWhileCompacting(dir, delayMs)

      const size = (await stat(journal)).size
      const temps = (await readdir(dir)).filter((n) => n.endsWith('.tmp'))
      outcomes.push(
        `${size === grownSize ? 'old journal' : 'compacted'}${temps.length > 0 ? ', temp left' : ''}`,
      )
      // Whatever the moment of the kill, the file on disk replays to the whole state.
      expect(storeState(replay(await journalEntries(journal)))).toEqual(expected)

      const sb = await openSandbox({}, dir)
      try {
        expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([])
        const info = await sb.api('file/info', { key, file_code: 'f00000000007' })
        expect(info.result[0]).toMatchObject({ name: 'file 7.bin', downloads: DOWNLOADS / FILES })
        const stats = (await sb.api('account/stats', { key, last: 1000 })).result as Json[]
        expect(stats.reduce((sum, day) => sum + Number(day.downloads), 0)).toBe(DOWNLOADS)
      } finally {
        await sb.stop()
      }
      // The start after the kill compacted what the killed one had not.
      expect((await stat(journal)).size).toBeLessThan(grownSize / 2)
    }
    // At least one kill landed before the compacted file replaced the old one (the case this test is for).
    expect(
      outcomes.some((o) => o.startsWith('old journal')),
      outcomes.join('; '),
    ).toBe(true)
  }, 180_000)
})
