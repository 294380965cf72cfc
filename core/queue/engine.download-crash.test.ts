import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { prng as seeded } from '../../sandbox/codes.ts'
import { noFaults } from '../../sandbox/faults.ts'
import { servedRanges } from '../../sandbox/testing/api-calls.ts'
import { downloadSandboxForAll, sha256OfFile } from '../download/testing/download-sandbox.ts'
import { filesUnder, sourceOf, timesFetched } from './testing/download-support.ts'
import { idleSummary, startRun } from './testing/engine-process.ts'
import { tempDir } from './testing/support.ts'

const t = downloadSandboxForAll()

/**
 * A queue of downloads in a process of its own, killed with SIGKILL at seeded moments and opened again on the same
 * journal, until it reports all done: every file whole, no work file left, and each byte asked of the host a
 * bounded number of times (a kill costs at most the bytes in flight, once).
 */
describe('downloads killed with SIGKILL and restarted', () => {
  it('end with every file whole, resumed from the work files', async () => {
    const files = await Promise.all(
      Array.from({ length: 24 }, (_, i) => t.upload(`f${i}.bin`, 200_000 + ((i * 7919) % 400_000))),
    )
    const to = join(await t.folder(), 'out')
    const job = join(t.dir, 'download-job.json')
    const relDir = (i: number) => (i % 3 === 0 ? [] : [`d${i % 3}`])
    await writeFile(
      job,
      JSON.stringify({ to, sources: files.map((f, i) => sourceOf(f, `f${i}.bin`, relDir(i))) }),
    )
    const data = await tempDir('filedock-dl-crash-')
    const args = ['--data', data, '--base', t.sandbox.baseUrl, '--key', t.sandbox.apiKey, '--downloads', job]
    // Paced so the kills land mid-file.
    t.sandbox.setFaults({ downloadBytesPerSec: 512 << 10 })
    const random = seeded(18)
    let kills = 0
    for (let round = 0; round < 5; round++) {
      const run = startRun([...args, '--concurrency', '4'])
      await run.opened
      await sleep(300 + random() * 900)
      if (run.child.exitCode === null) {
        run.child.kill('SIGKILL')
        kills++
      }
      const end = await run.exited
      if (end.code === 0) break
      expect(end.signal, end.out).toBe('SIGKILL')
    }
    expect(kills).toBeGreaterThanOrEqual(3)
    t.sandbox.setFaults(noFaults)
    const final = await startRun(args).exited
    expect(final.code, final.out).toBe(0)
    expect(idleSummary(final.out)).toEqual({ items: 24, done: 24, failed: [] })

    const expected = files.map((_, i) => [...relDir(i), `f${i}.bin`].join('/')).sort()
    expect(await filesUnder(to)).toEqual(expected)
    const served = await servedRanges(t.sandbox, { codes: files.map((f) => f.code) })
    expect(served.forgotten).toBe(0)
    let resumed = 0
    for (const [i, f] of files.entries()) {
      expect(await sha256OfFile(join(to, ...relDir(i), `f${i}.bin`))).toBe(f.sha)
      const requests = served.files[f.code] ?? []
      const log = JSON.stringify(requests.map((r) => [r.range, r.status, r.start, r.sent, r.outcome]))
      expect(timesFetched(requests), log).toBeLessThanOrEqual(1 + kills)
      // Never from 0 again once a run had bytes of it: each request asks from where the work file ended.
      expect(requests.filter((r) => r.range === null).length, log).toBeLessThanOrEqual(1 + kills)
      resumed += requests.filter((r) => r.status === 206).length
    }
    // The kills landed mid-file, and the runs after them continued those files with Range.
    expect(resumed).toBeGreaterThan(0)
  }, 180_000)
})
