import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { QueueEvent } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
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
  it('starts its first transfers once their part of the batch is told, before the rest is', async () => {
    const target = await tempDir('filedock-dl-scale-to-')
    dirs.push(target)
    const sources: DownloadSource[] = Array.from({ length: 100_000 }, (_, i) => ({
      code: `c${i.toString(36).padStart(8, '0')}`,
      name: `file ${i}.bin`,
      size: 10,
      relDir: [],
      accountId: 'main',
      fldId: 0,
    }))
    // How many queue.added events were out when each direct link was asked for; the link never comes (the
    // transfers hold their slots until the engine closes).
    const toldAtLink: number[] = []
    let events: QueueEvent[] = []
    const client = {
      directLink: (_code: string, o?: { signal?: AbortSignal }) => {
        toldAtLink.push(ofType(events, 'queue.added').length)
        return new Promise((_, reject) => {
          if (o?.signal?.aborted) reject(o.signal.reason)
          o?.signal?.addEventListener('abort', () => reject(o.signal?.reason))
        })
      },
    } as unknown as ApiClient
    const t = await openEngine({ clientFor: () => client, concurrency: 3 })
    events = t.events
    dirs.push(t.dataDir)
    try {
      const { queued } = await enqueueDownload(t.engine, sources, target)
      expect(queued.accepted).toBe(100_000)
      const parts = 100_000 / ADDED_PER_EVENT
      expect(ofType(t.events, 'queue.added')).toHaveLength(parts)
      // Before, every part was told (100 frames of 1,000 items to each window) before the first link was asked.
      expect(toldAtLink.length).toBeGreaterThan(0)
      expect(toldAtLink[0]).toBeLessThan(parts)
      // A window still hears of each item before any change of it.
      const toldAt = new Map<string, number>()
      t.events.forEach((e, at) => {
        if (e.type === 'queue.added') for (const i of e.items) toldAt.set(i.id, at)
      })
      t.events.forEach((e, at) => {
        if (e.type === 'queue.item') expect(toldAt.get(e.item.id)).toBeLessThan(at)
      })
    } finally {
      await t.close()
    }
  }, 120_000)
})
