import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countingFs } from '../download/testing/counting-fs.ts'
import type { DownloadSource } from './download-plan.ts'
import { ADDED_PER_EVENT } from './engine.ts'
import { enqueueDownload } from './testing/download-support.ts'
import { ofType, openEngine, removeDir, tempDir } from './testing/support.ts'

describe('a download of 100,000 files', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const d of dirs) await removeDir(d)
  })

  it('is queued as one journal line, after one readdir per target folder and no stat per file', async () => {
    const dataDir = await tempDir('filedock-dl-scale-')
    const target = await tempDir('filedock-dl-scale-to-')
    dirs.push(dataDir, target)
    // 100 host folders of 1,000 files; one of them exists already, with an unrelated file in it.
    await fsp.mkdir(join(target, 'f7'))
    await fsp.writeFile(join(target, 'f7', 'unrelated.txt'), 'x')
    const sources: DownloadSource[] = Array.from({ length: 100_000 }, (_, i) => ({
      code: `c${i.toString(36).padStart(8, '0')}`,
      name: `file ${i}.bin`,
      size: 1000 + i,
      relDir: [`f${i % 100}`],
      accountId: 'main',
      fldId: 0,
    }))
    // Nothing runs: the queue is paused (no host is needed to queue).
    const t = await openEngine({
      dataDir,
      clientFor: () => {
        throw new Error('no client: nothing runs')
      },
    })
    try {
      await t.engine.pause()
      const fs = countingFs()
      const { plan, queued } = await enqueueDownload(t.engine, sources, target, 'skip', fs)
      // One readdir per folder the files go into (99 of them answer "no such folder"), none per file.
      expect(fs.calls).toEqual({ readdir: 100, lstat: 0, statfs: 1 })
      expect(plan.toFetch).toHaveLength(100_000)
      expect(queued.accepted).toBe(100_000)
      // Told in events of ADDED_PER_EVENT items (no 50 MB frame to a window), together all of them in order.
      const added = ofType(t.events, 'queue.added')
      expect(added).toHaveLength(100_000 / ADDED_PER_EVENT)
      expect(added.flatMap((e) => e.items.map((i) => i.id))).toEqual(
        t.engine.snapshot().items.map((i) => i.id),
      )
      const lines = (await fsp.readFile(join(dataDir, 'queue.jsonl'), 'utf8'))
        .split('\n')
        .filter((l) => l !== '')
      // The pause, then the batch with its 100,000 items.
      expect(lines.map((l) => (JSON.parse(l) as { t: string }).t)).toEqual(['userPause', 'batch'])
      expect(t.engine.snapshot().totals.down).toMatchObject({ items: 100_000, queued: 100_000 })
    } finally {
      await t.close()
    }
  }, 120_000)
})
