import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FolderContents } from './folder-contents.ts'
import {
  allFiles,
  countNames,
  ofType,
  openEngine,
  removeDir,
  sandboxRig,
  writeTree,
} from './testing/support.ts'

describe('files already in their folder', () => {
  // A little latency keeps the two drops of the first test running at the same time.
  const rig = sandboxRig({ faults: { latencyMs: 10 } })

  beforeAll(async () => {
    const tree: Record<string, string> = {}
    for (let i = 0; i < 9; i++) tree[`drop/sub${i % 3}/f${i}.txt`] = `file ${i}`.repeat(i + 1)
    await writeTree(rig.src, tree)
  })

  it('the same folder dropped twice at once (a second window): each file lands once', async () => {
    const { fldId } = await rig.client.folderCreate('twice')
    const t = await openEngine({ clientFor: () => rig.client, concurrency: 4 })
    const drop = { paths: [join(rig.src, 'drop')], targets: [{ accountId: 'main', fldId }] }
    const [a, b] = await Promise.all([t.engine.enqueuePaths(drop), t.engine.enqueuePaths(drop)])
    await t.engine.whenIdle()
    const landed = await allFiles(rig.client)
    expect(landed).toHaveLength(9)
    expect([...countNames(landed).values()].every((n) => n === 1)).toBe(true)
    const items = t.engine.snapshot().items
    expect(items.every((i) => i.state === 'done')).toBe(true)
    // One drop sent the files, the other found them there: together every file once, with the same codes.
    const there = items.filter((i) => i.alreadyThere)
    expect(there).toHaveLength(9)
    const sentCodes = new Map(items.filter((i) => !i.alreadyThere).map((i) => [i.relPath, i.fileCode]))
    for (const i of there) expect(i.fileCode).toBe(sentCodes.get(i.relPath))
    // Both drops finish with a full list of links, and both are in the history.
    const finished = ofType(t.events, 'batch.finished')
    expect(finished.map((f) => f.batchId).sort()).toEqual([a.batchId, b.batchId].sort())
    for (const f of finished) expect(f.entries).toHaveLength(9)
    expect(t.history.search({ limit: 100 })).toHaveLength(18)
    await t.close()
    await removeDir(t.dataDir)
  })

  it('asks the injected folder-contents port, once per folder, and skips what it reports', async () => {
    const { fldId } = await rig.client.folderCreate('ported')
    const known = await rig.client.upload(join(rig.src, 'drop', 'sub0', 'f0.txt'))
    const asked: string[] = []
    // What an index would answer: f0.txt (same name and size) is in the target's `sub0` folder.
    const port: FolderContents = {
      async list(accountId, folder) {
        asked.push(`${accountId}:${folder}`)
        const sub0 = (await rig.client.folderList(fldId)).folders.find((f) => f.name === 'sub0')
        return folder === sub0?.fldId ? [{ fileCode: known.fileCode, name: 'f0.txt', size: known.size }] : []
      },
    }
    const t = await openEngine({ clientFor: () => rig.client, folderContents: port })
    await t.engine.enqueuePaths({
      paths: [join(rig.src, 'drop', 'sub0')],
      targets: [{ accountId: 'main', fldId }],
    })
    await t.engine.whenIdle()
    const items = t.engine.snapshot().items
    expect(items.map((i) => [i.name, i.alreadyThere === true])).toEqual([
      ['f0.txt', true],
      ['f3.txt', false],
      ['f6.txt', false],
    ])
    expect(items[0]?.fileCode).toBe(known.fileCode)
    expect(new Set(asked).size).toBe(asked.length)
    // Nothing was sent for f0.txt: the account holds the first test's copy and the one uploaded above, no third.
    expect(
      (await allFiles(rig.client)).filter((f) => f.name === 'f0.txt' && f.size === known.size),
    ).toHaveLength(2)
    await t.close()
    await removeDir(t.dataDir)
  })
})
