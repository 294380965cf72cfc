import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { storedError } from '../../shared/i18n/stored-error.ts'
import { createLogger } from '../logging/log.ts'
import { batchItems, batchLine } from './batch-line.ts'
import { JournalFile } from './journal.ts'
import type { BatchRecord, ItemRecord, JournalRecord } from './records.ts'

const FILE = 'queue.jsonl'
/** Lines appended before the journal is compacted while running: at least this many, and 4 per live item. */
const COMPACT_AFTER_LINES = 20_000
const log = createLogger('filedock')

/**
 * The queue's durable state: items and batches in memory, every change appended to the journal. Changes apply
 * in memory at once and the returned promise settles when the line is on disk, so callers that must not move
 * on before a fact is durable (a send is about to start, a file code arrived) await it, and others need not.
 *
 * On open the journal is replayed and compacted into one line per batch, which also drops removed items (an empty
 * one is left as it is); while
 * running it is compacted again whenever it has grown by COMPACT_AFTER_LINES (progress notes of a long session
 * would otherwise make every start replay them all).
 */
export class QueueStore {
  /** In enqueue (seq) order: a restored store is filled sorted, and new items get ever higher seqs. */
  private readonly itemsById = new Map<string, ItemRecord>()
  private readonly batchesById = new Map<string, BatchRecord>()
  private paused = false
  private nextSeq = 1
  private linesSinceCompaction = 0

  private constructor(
    private readonly journal: JournalFile,
    private readonly compactAfterLines: number,
  ) {}

  /** `compactAfterLines` is for tests, which cannot wait for 20,000 lines. */
  static async open(dataDir: string, opts: { compactAfterLines?: number } = {}): Promise<QueueStore> {
    await mkdir(dataDir, { recursive: true })
    const { journal, lines, skipped } = await JournalFile.open(join(dataDir, FILE))
    const state = fold(lines as JournalRecord[])
    const store = new QueueStore(journal, opts.compactAfterLines ?? COMPACT_AFTER_LINES)
    for (const b of state.batches.values()) store.batchesById.set(b.id, b)
    for (const i of [...state.items.values()].sort((a, b) => a.seq - b.seq)) store.itemsById.set(i.id, i)
    store.paused = state.userPaused
    store.nextSeq = Math.max(0, ...[...state.items.values()].map((i) => i.seq)) + 1
    // An empty journal (a new queue: every run of the CLI starts one) has nothing to compact, and compacting it
    // would cost a temp file, a rename and two fsyncs that protect no line.
    if (lines.length > 0 || skipped > 0) await journal.compact(compacted(state))
    return store
  }

  item(id: string): ItemRecord | undefined {
    return this.itemsById.get(id)
  }

  /** Every item in enqueue order. Live: copy it first to add or remove items while going through it. */
  items(): IterableIterator<ItemRecord> {
    return this.itemsById.values()
  }

  /** A batch's items in enqueue order. */
  itemsOf(batchId: string): ItemRecord[] {
    return [...this.itemsById.values()].filter((i) => i.batchId === batchId)
  }

  batch(id: string): BatchRecord | undefined {
    return this.batchesById.get(id)
  }

  batches(): IterableIterator<BatchRecord> {
    return this.batchesById.values()
  }

  /** The person paused the whole queue (kept across restarts). */
  get userPaused(): boolean {
    return this.paused
  }

  takeSeq(): number {
    return this.nextSeq++
  }

  addBatch(batch: BatchRecord, items: ItemRecord[]): Promise<void> {
    this.batchesById.set(batch.id, batch)
    for (const i of items) this.itemsById.set(i.id, i)
    return this.write(batchLine(batch, items), true)
  }

  /** Applies `patch` and journals it; `sync` for state transitions and facts that prevent a duplicate. */
  patch(item: ItemRecord, patch: Partial<ItemRecord>, sync = true): Promise<void> {
    Object.assign(item, patch)
    return this.write({ t: 'item', id: item.id, patch } satisfies JournalRecord, sync)
  }

  patchBatch(batch: BatchRecord, patch: Partial<BatchRecord>): Promise<void> {
    Object.assign(batch, patch)
    return this.write({ t: 'batchPatch', id: batch.id, patch } satisfies JournalRecord, true)
  }

  remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.itemsById.delete(id)
    const alive = new Set([...this.itemsById.values()].map((i) => i.batchId))
    for (const id of [...this.batchesById.keys()]) if (!alive.has(id)) this.batchesById.delete(id)
    return this.write({ t: 'remove', ids: [...ids] } satisfies JournalRecord, true)
  }

  setUserPaused(paused: boolean): Promise<void> {
    this.paused = paused
    return this.write({ t: 'userPause', paused } satisfies JournalRecord, true)
  }

  close(): Promise<void> {
    return this.journal.close()
  }

  private write(record: JournalRecord, sync: boolean): Promise<void> {
    const written = this.journal.append([record], sync)
    this.linesSinceCompaction++
    if (this.linesSinceCompaction >= Math.max(this.compactAfterLines, 4 * this.itemsById.size)) {
      this.linesSinceCompaction = 0
      // The state as of now, which covers every line appended so far (changes apply in memory first). A failed
      // compaction leaves the journal as it was: only its size suffers, so it is reported and not fatal.
      this.journal
        .compact(compacted({ items: this.itemsById, batches: this.batchesById, userPaused: this.paused }))
        .catch((err: unknown) => log.error('compacting the upload queue failed', err))
    }
    return written
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
        for (const i of batchItems(r)) items.set(i.id, i)
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
  // Written by an earlier version, an item's last error may name its values as that version's messages did.
  for (const item of items.values()) if (item.error !== null) item.error = storedError(item.error)
  return { items, batches, userPaused }
}

function compacted(state: Folded): JournalRecord[] {
  const out: JournalRecord[] = []
  for (const batch of state.batches.values()) {
    const items = [...state.items.values()]
      .filter((i) => i.batchId === batch.id)
      .sort((a, b) => a.seq - b.seq)
    out.push(batchLine(batch, items))
  }
  if (state.userPaused) out.push({ t: 'userPause', paused: true })
  return out
}
