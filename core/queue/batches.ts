import type { BatchAccountGroup, QueueEvent, QueueResultEntry } from '../../shared/queue.ts'
import { inPackOrder } from '../links/build-link-pack.ts'
import type { BatchRecord, ItemRecord } from './records.ts'

/**
 * The `batch.finished` event of one enqueue call. A drop's: its done uploads grouped per account (in the order the accounts were
 * given), each group in pack order (build-link-pack.ts), the order every link pack of the drop lists them in.
 * The pack itself is made by whoever shows it (the app in the user's format, the CLI in --format). A batch of
 * downloads has no uploads: it says where its files went and how many came over the network.
 */
export function batchFinishedEvent(
  batch: BatchRecord,
  items: readonly ItemRecord[],
): Extract<QueueEvent, { type: 'batch.finished' }> {
  const groups: BatchAccountGroup[] = []
  for (const accountId of batch.accountIds) {
    const done = items
      .filter((i) => i.accountId === accountId && i.state === 'done' && i.result !== null)
      .sort((a, b) => a.seq - b.seq)
      .map((i) => i.result as QueueResultEntry)
    const first = done[0]
    if (!first) continue
    groups.push({
      accountId,
      accountLabel: first.accountLabel,
      baseUrl: first.baseUrl,
      entries: inPackOrder(done),
    })
  }
  const fetched = items.filter((i) => i.kind === 'download' && i.state === 'done' && i.alreadyThere !== true)
  return {
    type: 'batch.finished',
    batchId: batch.id,
    kind: batch.kind,
    entries: groups.flatMap((g) => g.entries),
    groups,
    failed: items.filter((i) => i.state === 'failed').length,
    cancelled: items.filter((i) => i.state === 'cancelled').length,
    alreadyThere: items.filter((i) => i.state === 'done' && i.alreadyThere === true).length,
    ...(batch.kind === 'downloads'
      ? {
          download: {
            dir: batch.dir ?? '',
            downloaded: fetched.length,
            bytes: fetched.reduce((sum, i) => sum + (i.size ?? 0), 0),
          },
        }
      : {}),
  }
}
