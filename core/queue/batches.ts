import type { LinkFormat, LinkPackEntry } from '../../shared/links.ts'
import type { BatchAccountGroup, QueueEvent, QueueResultEntry } from '../../shared/queue.ts'
import { formatLinkPack } from '../links/link-pack.ts'
import type { BatchRecord, ItemRecord } from './records.ts'
import { compareFolderOrder } from './scan-order.ts'

/**
 * The `batch.finished` event of one drop: its done uploads grouped per account (in the order the accounts were
 * given), each group in folder order (the order a person reads the dropped tree in), and the link pack.
 */
export function batchFinishedEvent(
  batch: BatchRecord,
  items: readonly ItemRecord[],
  format: LinkFormat,
): Extract<QueueEvent, { type: 'batch.finished' }> {
  const order =
    batch.kind === 'paths'
      ? (a: ItemRecord, b: ItemRecord) => compareFolderOrder(a, b) || a.seq - b.seq
      : bySeq
  const groups: BatchAccountGroup[] = []
  for (const accountId of batch.accountIds) {
    const done = items
      .filter((i) => i.accountId === accountId && i.state === 'done' && i.result !== null)
      .sort(order)
      .map((i) => i.result as QueueResultEntry)
    const first = done[0]
    if (!first) continue
    groups.push({ accountId, accountLabel: first.accountLabel, baseUrl: first.baseUrl, entries: done })
  }
  const entries = groups.flatMap((g) => g.entries)
  return {
    type: 'batch.finished',
    batchId: batch.id,
    kind: batch.kind,
    entries,
    groups,
    failed: items.filter((i) => i.state === 'failed').length,
    cancelled: items.filter((i) => i.state === 'cancelled').length,
    linkPack: entries.length > 0 ? formatLinkPack(entries.map(toLinkPackEntry), format) : '',
  }
}

export function toLinkPackEntry(e: QueueResultEntry): LinkPackEntry {
  return {
    name: e.name,
    relPath: e.relPath,
    size: e.size,
    pageLink: e.pageLink,
    accountLabel: e.accountLabel,
    baseUrl: e.baseUrl,
  }
}

function bySeq(a: ItemRecord, b: ItemRecord): number {
  return a.seq - b.seq
}
