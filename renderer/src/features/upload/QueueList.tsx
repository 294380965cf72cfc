import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef } from 'react'
import { useIntl } from 'react-intl'
import { selectListVersion, selectManyAccounts, useQueue } from '../../state/queue-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { QueueItemRow } from './QueueItemRow.tsx'
import { useTransferFilter } from './transfer-filter.ts'

const ROW_H = 58

/**
 * Every transfer in the queue (or one direction's, as the panel's filter says), oldest first; only the rows in
 * view are in the DOM (a drop may hold 10,000). The list renders when items join or leave; each row follows its
 * own item (QueueItemRow), so a progress tick re-renders the rows it moved and nothing else.
 */
export function QueueList() {
  const listVersion = useQueue(selectListVersion)
  const manyAccounts = useQueue(selectManyAccounts)
  const { order: all, items } = useQueue.getState()
  const shown = useTransferFilter((s) => s.shown)
  // An item never changes direction: the filtered list changes only with the list itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: listVersion says when the store's mutable order moved
  const order = useMemo(
    () => (shown === 'all' ? all : all.filter((id) => items.get(id)?.direction === shown)),
    [all, items, shown, listVersion],
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
  const labelOf = (id: string) =>
    manyAccounts
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
              id={item.id}
              accountLabel={labelOf(item.accountId)}
              start={row.start}
            />
          )
        })}
      </ul>
    </div>
  )
}
