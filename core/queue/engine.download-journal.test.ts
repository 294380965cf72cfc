import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { DownloadSource } from './download-plan.ts'
import { QueueStore } from './queue-store.ts'
import { startRun } from './testing/engine-process.ts'
import { removeDir, tempDir } from './testing/support.ts'

/**
 * A download of 100,000 files is one journal line of rows (batch-line.ts): once enqueueDownloads has returned, a
 * SIGKILL loses none of it, and the restart reads every item back as planned.
 */
describe('a download of 100,000 files killed with SIGKILL once queued', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const d of dirs) await removeDir(d)
  })

  it('is all in the journal after the restart', async () => {
    const data = await tempDir('filedock-dl-journal-')
    const to = await tempDir('filedock-dl-journal-to-')
    dirs.push(data, to)
    const sources: DownloadSource[] = Array.from({ length: 100_000 }, (_, i) => ({
      code: `c${i.toString(36).padStart(11, '0')}`,
      name: `file ${i}.bin`,
      size: 1000 + i,
      relDir: i % 2 === 0 ? [] : [`f${i % 100}`],
      accountId: 'main',
      fldId: i % 5,
    }))
    const job = join(data, 'job.json')
    await writeFile(job, JSON.stringify({ to, sources }))
    // No host answers (port 1): nothing can be fetched, so the items stay in line until the kill.
    const run = startRun(['--data', data, '--base', 'http://127.0.0.1:1', '--key', 'k', '--downloads', job])
    await run.opened
    run.child.kill('SIGKILL')
    const end = await run.exited
    expect(end.signal, end.out).toBe('SIGKILL')
    expect(end.out).toContain('OPEN')

    const store = await QueueStore.open(join(data))
    try {
      const items = [...store.items()]
      expect(items).toHaveLength(sources.length)
      expect(new Set(items.map((i) => i.id)).size).toBe(sources.length)
      const planned = sources.map((s) => ({
        kind: 'download',
        source: s.code,
        fileCode: s.code,
        name: s.name,
        size: s.size,
        relDir: s.relDir,
        baseFldId: s.fldId,
        download: { dir: to, localName: s.name, onConflict: 'skip', finalPath: null },
      }))
      expect(
        items.map((i) => ({
          kind: i.kind,
          source: i.source,
          fileCode: i.fileCode,
          name: i.name,
          size: i.size,
          relDir: i.relDir,
          baseFldId: i.baseFldId,
          download: i.download,
        })),
      ).toEqual(planned)
      // None finished or failed: no host answered.
      expect(items.filter((i) => i.state !== 'queued' && i.state !== 'paused')).toEqual([])
    } finally {
      await store.close()
    }
  }, 120_000)
})
