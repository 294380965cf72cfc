import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { useQueue } from '../../state/queue-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { QueueItemRow } from './QueueItemRow.tsx'
import { useTransferFilter } from './transfer-filter.ts'

const ROW_H = 58

/**
 * Every transfer in the queue (or one direction's, as the panel's filter says), oldest first; only the rows in
 * view are in the DOM (a drop may hold 10,000).
 */
export function QueueList() {
  useQueue((s) => s.version)
  const { order: all, items, rates } = useQueue.getState()
  const shown = useTransferFilter((s) => s.shown)
  // The store appends to `order` in place and replaces it when items go, and an item never changes direction:
  // the array and its length say when the filtered list can change, not each progress tick.
  const order = useMemo(
    () => (shown === 'all' ? all : all.filter((id) => items.get(id)?.direction === shown)),
    [all, all.length, items, shown],
  )
  const { data } = useAccounts()
  const intl = useIntl()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 8,
  })
  // "Retrying in 5 s" counts down.
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const accounts = new Set<string>()
  for (const item of items.values()) accounts.add(item.accountId)
  const labelOf = (id: string) =>
    accounts.size > 1
      ? (data?.accounts.find((a) => a.id === id)?.label ??
        intl.formatMessage({ id: 'upload.list.removedAccount', defaultMessage: 'Removed account' }))
      : null

  return (
    <div ref={scrollRef} className="queue-scroll">
      <ul
        className="queue-list"
        aria-label={intl.formatMessage({ id: 'upload.list.label', defaultMessage: 'Transfers' })}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = items.get(order[row.index] ?? '')
          if (!item) return null
          return (
            <QueueItemRow
              key={item.id}
              item={item}
              rate={rates.get(item.id)}
              accountLabel={labelOf(item.accountId)}
              start={row.start}
              now={now}
            />
          )
        })}
      </ul>
    </div>
  )
}
