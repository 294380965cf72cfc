import { randomUUID } from 'node:crypto'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { queueId } from '../../shared/ipc/fields.ts'
import { type DownloadPlan, downloadBatch, type PlannedDownload } from './download-plan.ts'
import { QueueStore } from './queue-store.ts'
import { FRESH_ITEM, type ItemRecord, type JournalRecord } from './records.ts'
import { removeDir, tempDir } from './testing/support.ts'

/**
 * A batch of downloads in the journal (batch-line.ts): one line of rows, not of full records, that reads back
 * as exactly the records written, after a restart, a compaction, and from a journal of the earlier form.
 */

const DIR = '/home/someone/Downloads/Filedock'

/** n files as a plan has them: three accounts, a tree of folders, some names made safe, some resumed. */
function planOf(n: number): DownloadPlan {
  const toFetch = Array.from({ length: n }, (_, i): PlannedDownload => {
    const relDir = i % 4 === 0 ? [] : [`folder ${i % 7}`, ...(i % 3 === 0 ? ['deeper'] : [])]
    const hostName = i % 50 === 0 ? `report ${i}: final?.pdf` : `photo ${i}.jpg`
    const localName = i % 50 === 0 ? `report ${i}_ final_.pdf` : hostName
    return {
      code: `c${i.toString(36).padStart(11, '0')}`,
      size: 10_000 + i,
      dir: join(DIR, ...relDir),
      relDir,
      localName,
      ...(localName !== hostName ? { renamedFrom: hostName } : {}),
      path: join(DIR, ...relDir, localName),
      state: 'new',
      partBytes: i % 9 === 0 ? 500 + i : 0,
      accountId: ['main', 'backup', 'old host'][i % 3] as string,
      fldId: 100 + (i % 7),
      hostName,
    }
  })
  return {
    dir: DIR,
    onConflict: 'rename',
    toFetch,
    alreadyHere: [],
    conflicts: 0,
    renamed: 0,
    totalBytes: 0,
    bytesAlreadyHere: 0,
    freeBytes: null,
    problems: [],
  }
}

async function journalLines(dataDir: string): Promise<JournalRecord[]> {
  const text = await readFile(join(dataDir, 'queue.jsonl'), 'utf8')
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as JournalRecord)
}

/** The store's items as plain data (what a restart must find again). */
function itemsOf(store: QueueStore): ItemRecord[] {
  return structuredClone([...store.items()])
}

describe('a batch of downloads in the queue journal', () => {
  const dirs: string[] = []
  async function dataDir(): Promise<string> {
    const dir = await tempDir('filedock-batch-line-')
    dirs.push(dir)
    return dir
  }
  afterAll(async () => {
    for (const d of dirs) await removeDir(d)
  })

  it('is one line of about 50 bytes an item (full records were about 600), read back as the same records', async () => {
    const dir = await dataDir()
    const store = await QueueStore.open(dir)
    const n = 10_000
    const plan = downloadBatch(planOf(n), { takeSeq: () => store.takeSeq(), now: 1_700_000_000_000 })
    if (plan.batch === null) throw new Error('a plan with files to fetch has a batch')
    const written = structuredClone(plan.items)
    await store.addBatch(plan.batch, plan.items)
    await store.close()

    const bytes = (await stat(join(dir, 'queue.jsonl'))).size
    expect(bytes / n).toBeLessThan(80)
    const lines = await journalLines(dir)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ t: 'batch', batch: plan.batch, downloads: { rows: expect.any(Array) } })

    const again = await QueueStore.open(dir)
    expect(itemsOf(again)).toStrictEqual(written)
    expect(again.batch(plan.batch.id)).toStrictEqual(plan.batch)
    await again.close()
    // Opening compacted the journal: the batch is in rows still, and reads back the same once more.
    expect((await journalLines(dir))[0]).toHaveProperty('downloads')
    const third = await QueueStore.open(dir)
    expect(itemsOf(third)).toStrictEqual(written)
    await third.close()
  })

  it('gives each item an id unique in the store and valid as a queue id', async () => {
    const dir = await dataDir()
    const store = await QueueStore.open(dir)
    const deps = { takeSeq: () => store.takeSeq(), now: 1 }
    const items = [...downloadBatch(planOf(500), deps).items, ...downloadBatch(planOf(500), deps).items]
    expect(new Set(items.map((i) => i.id)).size).toBe(1000)
    for (const i of items) expect(queueId.safeParse(i.id).success).toBe(true)
    // Queued as planned: FRESH_ITEM's state, the code known from the start.
    for (const i of items) expect(i).toMatchObject({ ...FRESH_ITEM, fileCode: i.source })
    await store.close()
  })

  it('keeps what happened to its items, compacted while running and on open', async () => {
    const dir = await dataDir()
    // Compacted while running after a few lines.
    const store = await QueueStore.open(dir, { compactAfterLines: 5 })
    const plan = downloadBatch(planOf(300), { takeSeq: () => store.takeSeq(), now: 42 })
    if (plan.batch === null) throw new Error('a plan with files to fetch has a batch')
    await store.addBatch(plan.batch, plan.items)
    const at = (i: number) => plan.items[i] as ItemRecord
    const facts = at(1).download
    await store.patch(at(1), {
      state: 'done',
      attempts: 2,
      finishedAt: 99,
      size: 12_345,
      download: {
        ...(facts as NonNullable<typeof facts>),
        finalPath: join(DIR, 'x (1).jpg'),
        validator: '"e1"',
      },
    })
    await store.patch(at(2), { state: 'failed', error: { kind: 'local_disk', message: 'The disk is full.' } })
    await store.patch(at(3), {
      download: { ...(at(3).download as NonNullable<typeof facts>), partBytes: 777 },
    })
    await store.patch(at(4), { state: 'paused', sending: true, snapshot: ['abc'], alreadyThere: true })
    await store.patch(at(5), { fileCode: 'another', relDir: ['moved'], accountId: 'new one', baseFldId: 9 })
    await store.patchBatch(plan.batch, { finishedEmitted: true })
    await store.remove([at(0).id, at(7).id])
    const live = itemsOf(store)
    await store.close()

    const lines = await journalLines(dir)
    expect(lines.filter((l) => l.t === 'batch').every((l) => 'downloads' in l)).toBe(true)
    const again = await QueueStore.open(dir)
    expect(itemsOf(again)).toStrictEqual(live)
    expect(again.batch(plan.batch.id)?.finishedEmitted).toBe(true)
    await again.close()
    // Only what happened is written beside a row: the untouched items are rows of eight values.
    const line = (await journalLines(dir))[0]
    if (line?.t !== 'batch' || !('downloads' in line)) throw new Error('a batch of rows')
    const widths = line.downloads.rows.map((r) => (Array.isArray(r) ? r.length : 0))
    expect(widths.filter((w) => w === 8).length).toBeGreaterThan(250)
    expect(widths.every((w) => w >= 8)).toBe(true)
  })

  it('keeps a change of any field a fresh item shares with the others', async () => {
    // Each FRESH_ITEM field (and the others rows imply) changed on its own item must come back.
    const changes: Partial<ItemRecord>[] = [
      { state: 'cancelled' },
      { attempts: 3 },
      { snapshot: [] },
      { sending: true },
      { fileCode: null },
      { targetFldId: 5 },
      { requestedAt: 7 },
      { error: { kind: 'network', message: 'Lost.' } },
      { finishedAt: 8 },
      {
        result: {
          name: 'a',
          size: 1,
          fileCode: 'c',
          link: 'https://x.example/c',
          accountId: 'main',
        } as never,
      },
      { historyWritten: true },
      { basePath: 'photos' },
      { mtimeMs: 3 },
      { addedAt: 4 },
      { kind: 'file' },
      { uploadAgain: true },
      { id: 'an-older-id' },
      { seq: 100_000 },
      { size: null },
    ]
    const freshKeys = Object.keys(FRESH_ITEM)
    for (const key of freshKeys) expect(changes.some((c) => key in c)).toBe(true)
    const dir = await dataDir()
    const store = await QueueStore.open(dir)
    const plan = downloadBatch(planOf(changes.length + 3), { takeSeq: () => store.takeSeq(), now: 1 })
    if (plan.batch === null) throw new Error('a plan with files to fetch has a batch')
    for (const [i, c] of changes.entries()) Object.assign(plan.items[i + 1] as ItemRecord, c)
    // Ids that only look like the one a row implies: its seq with a leading zero, another item's seq.
    const last = plan.items.at(-1) as ItemRecord
    const beforeLast = plan.items.at(-2) as ItemRecord
    last.id = last.id.replace(/-(\d+)$/, '-0$1')
    beforeLast.id = `${beforeLast.id}1`
    const written = structuredClone(plan.items)
    await store.addBatch(plan.batch, plan.items)
    await store.close()
    const again = await QueueStore.open(dir)
    expect(itemsOf(again).sort((a, b) => a.seq - b.seq)).toStrictEqual(written.sort((a, b) => a.seq - b.seq))
    await again.close()
  })

  it('is read from a journal of the earlier form (full records), and compacted into rows', async () => {
    const dir = await dataDir()
    const store = await QueueStore.open(dir)
    const plan = downloadBatch(planOf(200), { takeSeq: () => store.takeSeq(), now: 5 })
    await store.close()
    if (plan.batch === null) throw new Error('a plan with files to fetch has a batch')
    // As the earlier version wrote it: random ids, FRESH_ITEM spread in the middle, one line of full records.
    const items: ItemRecord[] = plan.items.map((i) => ({
      ...i,
      id: randomUUID(),
      ...FRESH_ITEM,
      fileCode: i.source,
    }))
    items[3] = { ...(items[3] as ItemRecord), state: 'done', finishedAt: 9 }
    await writeFile(join(dir, 'queue.jsonl'), `${JSON.stringify({ t: 'batch', batch: plan.batch, items })}\n`)
    const old = structuredClone(items)

    const opened = await QueueStore.open(dir)
    expect(itemsOf(opened)).toStrictEqual(old)
    await opened.close()
    expect((await journalLines(dir))[0]).toHaveProperty('downloads')
    const again = await QueueStore.open(dir)
    expect(itemsOf(again)).toStrictEqual(old)
    await again.close()
  })
})
