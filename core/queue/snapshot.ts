import type { BatchView, QueueSnapshot } from '../../shared/queue.ts'
import type { QueueCore } from './core.ts'
import type { QueueStore } from './queue-store.ts'

/** Everything the UI needs to draw the queue from scratch (after that, events keep it current). */
export function snapshotOf(
  core: QueueCore,
  store: QueueStore,
  limits: { up: number | null; down: number | null },
): QueueSnapshot {
  const items = [...store.items()]
  const batches = new Map<string, BatchView>()
  for (const b of store.batches()) {
    batches.set(b.id, {
      id: b.id,
      kind: b.kind,
      accountIds: [...b.accountIds],
      createdAt: b.createdAt,
      items: 0,
      finished: true,
      ...(b.dir !== undefined ? { dir: b.dir } : {}),
    })
  }
  for (const i of items) {
    const b = batches.get(i.batchId)
    if (!b) continue
    b.items++
    if (i.state !== 'done' && i.state !== 'failed' && i.state !== 'cancelled') b.finished = false
  }
  return {
    items: items.map((i) => core.view(i)),
    batches: [...batches.values()],
    totals: core.totals(),
    paused: core.pausedBy,
    held: core.heldAccounts(),
    concurrency: core.concurrency,
    bandwidthBytesPerSec: limits.up,
    downloadBytesPerSec: limits.down,
  }
}
