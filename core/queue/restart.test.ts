import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { QueueStore } from './queue-store.ts'
import { type BatchRecord, FRESH_ITEM, type ItemRecord } from './records.ts'
import { allFiles, openEngine, removeDir, sandboxRig, tempDir, writeTree } from './testing/support.ts'

/**
 * What a restart finds in the journal after a crash at the worst moments, written here by hand so each case is
 * exact: the upload reached the host but its answer was lost; the answer was recorded but set_folder never ran.
 */
describe('restart after a crash', () => {
  const rig = sandboxRig()

  beforeAll(async () => {
    await writeTree(rig.src, {
      'lost.txt': 'uploaded, answer lost',
      'moved.txt': 'answer kept',
      'twin.txt': 'same size!!',
    })
  })

  async function journalWith(items: Partial<ItemRecord>[], fldId = 0): Promise<string> {
    const dataDir = await tempDir()
    const store = await QueueStore.open(dataDir)
    const batch: BatchRecord = {
      id: 'b1',
      kind: 'paths',
      accountIds: ['main'],
      createdAt: Date.now(),
      finishedEmitted: false,
    }
    const records: ItemRecord[] = []
    for (const [n, p] of items.entries()) {
      const path = join(rig.src, p.name as string)
      const s = await stat(path)
      records.push({
        id: `i${n}`,
        seq: store.takeSeq(),
        batchId: 'b1',
        kind: 'file',
        accountId: 'main',
        baseFldId: fldId,
        basePath: '',
        relDir: [],
        name: p.name as string,
        source: path,
        size: s.size,
        mtimeMs: s.mtimeMs,
        ...FRESH_ITEM,
        addedAt: Date.now(),
        ...p,
      })
    }
    await store.addBatch(batch, records)
    await store.close()
    return dataDir
  }

  it('finds the upload whose answer was lost instead of sending it again', async () => {
    const folder = (await rig.client.folderCreate('target', 0)).fldId
    // The lost attempt: the host stored the file (it sits in the root, set_folder never ran).
    const stored = await rig.client.upload(join(rig.src, 'lost.txt'))
    const dataDir = await journalWith(
      [{ name: 'lost.txt', sending: true, snapshot: [], targetFldId: folder }],
      folder,
    )
    const t = await openEngine({ clientFor: () => rig.client, dataDir })
    await t.engine.whenIdle()
    const [item] = t.engine.snapshot().items
    expect(item?.state).toBe('done')
    expect(item?.fileCode).toBe(stored.fileCode)
    const named = (await allFiles(rig.client)).filter((f) => f.name === 'lost.txt')
    expect(named.map((f) => [f.fileCode, f.fldId])).toEqual([[stored.fileCode, folder]])
    expect(t.history.search({ text: 'lost.txt' })).toHaveLength(1)
    await t.close()
    await removeDir(dataDir)
  })

  it('only moves a file whose code was recorded before set_folder ran', async () => {
    const folder = (await rig.client.folderCreate('target2', 0)).fldId
    const stored = await rig.client.upload(join(rig.src, 'moved.txt'))
    const dataDir = await journalWith(
      [{ name: 'moved.txt', fileCode: stored.fileCode, snapshot: [], targetFldId: folder }],
      folder,
    )
    const t = await openEngine({ clientFor: () => rig.client, dataDir })
    await t.engine.whenIdle()
    expect(t.engine.snapshot().items[0]?.state).toBe('done')
    const named = (await allFiles(rig.client)).filter((f) => f.name === 'moved.txt')
    expect(named.map((f) => [f.fileCode, f.fldId])).toEqual([[stored.fileCode, folder]])
    await t.close()
    await removeDir(dataDir)
  })

  it('does not take a same-name, same-size file that was there before the first send', async () => {
    const older = await rig.client.upload(join(rig.src, 'twin.txt'))
    // The journal says: a send may have happened, and twin.txt (older) was already there before it.
    const dataDir = await journalWith([{ name: 'twin.txt', sending: true, snapshot: [older.fileCode] }])
    const t = await openEngine({ clientFor: () => rig.client, dataDir })
    await t.engine.whenIdle()
    const item = t.engine.snapshot().items[0]
    expect(item?.state).toBe('done')
    expect(item?.fileCode).not.toBe(older.fileCode)
    const named = (await allFiles(rig.client)).filter((f) => f.name === 'twin.txt')
    expect(named.map((f) => f.fileCode).sort()).toEqual([older.fileCode, item?.fileCode].sort())
    await t.close()
    await removeDir(dataDir)
  })

  it('emits batch.finished once, with the uploads done before and after the restart', async () => {
    const before = await rig.client.upload(join(rig.src, 'moved.txt'))
    const result = {
      id: 'i0',
      finishedAt: new Date().toISOString(),
      accountId: 'main',
      accountLabel: 'Account main',
      baseUrl: rig.sb.baseUrl,
      name: 'moved.txt',
      size: before.size,
      fldId: 0,
      folderPath: '',
      fileCode: before.fileCode,
      pageLink: before.link,
      batchId: 'b1',
      relPath: 'moved.txt',
    }
    const dataDir = await journalWith([
      { name: 'moved.txt', state: 'done', fileCode: before.fileCode, result, historyWritten: true },
      { name: 'twin.txt' },
    ])
    const t = await openEngine({ clientFor: () => rig.client, dataDir })
    await t.engine.whenIdle()
    const finished = t.events.filter((e) => e.type === 'batch.finished')
    expect(finished).toHaveLength(1)
    expect(finished[0]?.type === 'batch.finished' && finished[0].entries.map((e) => e.name)).toEqual([
      'moved.txt',
      'twin.txt',
    ])
    await t.close()
    await removeDir(dataDir)
  })

  it('keeps queue state across a restart: paused items stay paused, finished items stay finished', async () => {
    const dataDir = await journalWith([
      { name: 'moved.txt', state: 'paused' },
      { name: 'lost.txt', state: 'failed' },
    ])
    const t = await openEngine({ clientFor: () => rig.client, dataDir })
    await t.engine.whenIdle()
    expect(t.engine.snapshot().items.map((i) => i.state)).toEqual(['paused', 'failed'])
    await t.engine.pause()
    await t.close()
    const again = await openEngine({ clientFor: () => rig.client, dataDir })
    expect(again.engine.snapshot().paused?.reason).toBe('user')
    await again.close()
    await removeDir(dataDir)
  })
})
