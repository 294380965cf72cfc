import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  allFiles,
  clientOf,
  countNames,
  ofType,
  openEngine,
  removeDir,
  sandboxRig,
  writeTree,
} from './testing/support.ts'

/**
 * The promise of the queue under a hostile host: 10 % 5xx, 5 % dropped connections, 2 % answers cut in half
 * (the upload is stored, its code lost), and bursts of 429 with Retry-After. Every file must land exactly once.
 */
describe('500 files through a faulty host', () => {
  const rig = sandboxRig()

  beforeAll(async () => {
    const files: Record<string, Buffer> = {}
    for (let i = 0; i < 500; i++) {
      // Three folders plus the root, sizes 1..2000 bytes.
      const dir = i % 4 === 0 ? '' : `drop/part${i % 4}/`
      files[`${dir}file-${String(i).padStart(3, '0')}.bin`] = randomBytes(1 + ((i * 37) % 2000))
    }
    await writeTree(rig.src, files)
  })

  it('lands every file exactly once, in its folder', async () => {
    const client = clientOf(rig.sb.baseUrl, rig.sb.apiKey)
    const t = await openEngine({ clientFor: () => client, concurrency: 6 })
    const paths = [
      join(rig.src, 'drop'),
      ...Array.from({ length: 125 }, (_, k) => join(rig.src, `file-${String(k * 4).padStart(3, '0')}.bin`)),
    ]
    const started = performance.now()
    rig.sb.setFaults({ errorRate: 0.1, dropRate: 0.05, truncateRate: 0.02, retryAfterSec: 1 })
    const bursts = setInterval(() => {
      rig.sb.setFaults({ rateLimitRate: 0.5 })
      setTimeout(() => rig.sb.setFaults({ rateLimitRate: 0 }), 150)
    }, 1_500)
    try {
      const r = await t.engine.enqueuePaths({ paths, targets: [{ accountId: 'main', fldId: 0 }] })
      // The free-space check is one read like any other: when the faults beat its retries, the drop is queued
      // anyway and says so. Nothing else may be refused.
      expect(r.problems.filter((p) => p.kind !== 'storage_unchecked')).toEqual([])
      expect(r.accepted).toBe(500)
      await t.engine.whenIdle()
    } finally {
      clearInterval(bursts)
      rig.sb.setFaults({ errorRate: 0, dropRate: 0, truncateRate: 0, rateLimitRate: 0 })
    }
    const elapsed = performance.now() - started
    const snap = t.engine.snapshot()
    const notDone = snap.items.filter((i) => i.state !== 'done')
    expect(notDone.map((i) => [i.relPath, i.state, i.error?.message])).toEqual([])

    const onHost = await allFiles(client)
    const counts = countNames(onHost)
    expect(onHost.length).toBe(500)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    const bySize = new Map(onHost.map((f) => [f.name, f]))
    for (const item of snap.items) {
      const f = bySize.get(item.name)
      expect(f?.size).toBe(item.size)
      expect(f?.fileCode).toBe(item.fileCode)
      expect(f?.fldId).toBe(item.targetFldId)
    }
    // The mirrored folders exist once each, despite folder/create answers cut in half.
    const top = await client.folderList(0)
    expect(top.folders.filter((f) => f.name === 'drop')).toHaveLength(1)
    const drop = top.folders.find((f) => f.name === 'drop')?.fldId as number
    expect((await client.folderList(drop)).folders.map((f) => f.name).sort()).toEqual([
      'part1',
      'part2',
      'part3',
    ])

    const finished = ofType(t.events, 'batch.finished')
    expect(finished).toHaveLength(1)
    expect(finished[0]?.entries).toHaveLength(500)
    expect(t.history.search({ limit: 1000 })).toHaveLength(500)
    const retried = snap.items.filter((i) => i.attempts > 0).length
    console.log(
      `500 files with faults: ${Math.round(elapsed)} ms, ${retried} items needed more than one attempt`,
    )
    expect(retried).toBeGreaterThan(0)
    await t.close()
    await removeDir(t.dataDir)
  }, 90_000)
})
