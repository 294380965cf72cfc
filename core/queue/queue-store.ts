import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { JournalFile, rewriteJournal } from './journal.ts'
import type { BatchRecord, ItemRecord, JournalRecord } from './records.ts'

const FILE = 'queue.jsonl'

/**
 * The queue's durable state: items and batches in memory, every change appended to the journal. Changes apply
 * in memory at once and the returned promise settles when the line is on disk, so callers that must not move
 * on before a fact is durable (a send is about to start, a file code arrived) await it, and others need not.
 *
 * On open the journal is replayed and compacted into one line per batch, which also drops removed items.
 */
export class QueueStore {
  readonly items = new Map<string, ItemRecord>()
  readonly batches = new Map<string, BatchRecord>()
  userPaused = false
  private nextSeq = 1

  private constructor(private readonly journal: JournalFile) {}

  static async open(dataDir: string): Promise<QueueStore> {
    await mkdir(dataDir, { recursive: true })
    const path = join(dataDir, FILE)
    const first = await JournalFile.open(path)
    const state = fold(first.lines as JournalRecord[])
    await first.journal.close()
    await rewriteJournal(path, compacted(state))
    const { journal } = await JournalFile.open(path)
    const store = new QueueStore(journal)
    for (const b of state.batches.values()) store.batches.set(b.id, b)
    for (const i of [...state.items.values()].sort((a, b) => a.seq - b.seq)) store.items.set(i.id, i)
    store.userPaused = state.userPaused
    store.nextSeq = Math.max(0, ...[...state.items.values()].map((i) => i.seq)) + 1
    return store
  }

  takeSeq(): number {
    return this.nextSeq++
  }

  addBatch(batch: BatchRecord, items: ItemRecord[]): Promise<void> {
    this.batches.set(batch.id, batch)
    for (const i of items) this.items.set(i.id, i)
    return this.journal.append([{ t: 'batch', batch, items } satisfies JournalRecord], true)
  }

  /** Applies `patch` and journals it; `sync` for state transitions and facts that prevent a duplicate. */
  patch(item: ItemRecord, patch: Partial<ItemRecord>, sync = true): Promise<void> {
    Object.assign(item, patch)
    return this.journal.append([{ t: 'item', id: item.id, patch } satisfies JournalRecord], sync)
  }

  patchBatch(batch: BatchRecord, patch: Partial<BatchRecord>): Promise<void> {
    Object.assign(batch, patch)
    return this.journal.append([{ t: 'batchPatch', id: batch.id, patch } satisfies JournalRecord], true)
  }

  remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.items.delete(id)
    const alive = new Set([...this.items.values()].map((i) => i.batchId))
    for (const id of [...this.batches.keys()]) if (!alive.has(id)) this.batches.delete(id)
    return this.journal.append([{ t: 'remove', ids: [...ids] } satisfies JournalRecord], true)
  }

  setUserPaused(paused: boolean): Promise<void> {
    this.userPaused = paused
    return this.journal.append([{ t: 'userPause', paused } satisfies JournalRecord], true)
  }

  close(): Promise<void> {
    return this.journal.close()
  }
}

interface Folded {
  items: Map<string, ItemRecord>
  batches: Map<string, BatchRecord>
  userPaused: boolean
}

function fold(records: readonly JournalRecord[]): Folded {
  const items = new Map<string, ItemRecord>()
  const batches = new Map<string, BatchRecord>()
  let userPaused = false
  for (const r of records) {
    if (typeof r !== 'object' || r === null) continue
    switch (r.t) {
      case 'batch':
        batches.set(r.batch.id, r.batch)
        for (const i of r.items) items.set(i.id, i)
        break
      case 'item': {
        const item = items.get(r.id)
        if (item) Object.assign(item, r.patch)
        break
      }
      case 'batchPatch': {
        const batch = batches.get(r.id)
        if (batch) Object.assign(batch, r.patch)
        break
      }
      case 'remove':
        for (const id of r.ids) items.delete(id)
        break
      case 'userPause':
        userPaused = r.paused
        break
    }
  }
  const alive = new Set([...items.values()].map((i) => i.batchId))
  for (const id of [...batches.keys()]) if (!alive.has(id)) batches.delete(id)
  return { items, batches, userPaused }
}

function compacted(state: Folded): JournalRecord[] {
  const out: JournalRecord[] = []
  for (const batch of state.batches.values()) {
    const items = [...state.items.values()]
      .filter((i) => i.batchId === batch.id)
      .sort((a, b) => a.seq - b.seq)
    out.push({ t: 'batch', batch, items })
  }
  if (state.userPaused) out.push({ t: 'userPause', paused: true })
  return out
}
