import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ofType, openEngine, removeDir, sandboxRig, writeTree } from './testing/support.ts'

describe('queue totals in progress events', () => {
  const rig = sandboxRig()

  it('the ETA counts only bytes still to send: a failed file is not waited for', async () => {
    const big = 768 * 1024
    const gone = 4 * 1024 * 1024
    await writeTree(rig.src, { 'a-gone.bin': randomBytes(gone), 'b-big.bin': randomBytes(big) })
    // 256 KiB/s: the big file takes about 3 s, so there are many progress events after the other one failed.
    const t = await openEngine({
      clientFor: () => rig.client,
      concurrency: 2,
      bandwidthBytesPerSec: 256 * 1024,
    })
    // Paused while the file is deleted, so it is certain to fail at its first check, before anything is sent.
    await t.engine.pause()
    await t.engine.enqueuePaths({
      paths: [join(rig.src, 'a-gone.bin'), join(rig.src, 'b-big.bin')],
      targets: [{ accountId: 'a', fldId: 0 }],
    })
    await rm(join(rig.src, 'a-gone.bin'))
    await t.engine.resume()
    await t.engine.whenIdle()

    const [failed, done] = t.engine.snapshot().items
    expect([failed?.state, done?.state]).toEqual(['failed', 'done'])
    const afterFailure = ofType(t.events, 'queue.progress')
      .map((e) => e.totals)
      .filter((x) => x.failed === 1 && x.bytesPerSec > 0 && x.running === 1)
    expect(afterFailure.length).toBeGreaterThan(3)
    for (const x of afterFailure) {
      expect(x.totalBytes).toBe(big + gone)
      const left = big - x.doneBytes
      expect(left).toBeGreaterThanOrEqual(0)
      // Every event agrees with itself: left over speed, whatever the event before said.
      expect(x.etaSec).toBe(Math.ceil(left / x.bytesPerSec))
    }
    await t.close()
    await removeDir(t.dataDir)
  })
})
