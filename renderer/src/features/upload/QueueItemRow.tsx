import { memo } from 'react'
import type { QueueItemView } from '../../../../shared/queue.ts'
import { Icon } from '../../components/Icon.tsx'
import { copyText } from '../../lib/clipboard.ts'
import { formatSize } from '../../lib/format.ts'
import type { ItemRate } from '../../state/queue-store.ts'
import { toast } from '../../state/toast-store.ts'
import { itemFraction, itemStatus } from './item-status.ts'
import { queueActions } from './use-queue-actions.ts'
import { useUploadSettings } from './use-upload-settings.ts'

interface RowProps {
  item: QueueItemView
  rate: ItemRate | undefined
  accountLabel: string | null
  start: number
  now: number
}

/** One upload: name, where it goes, what it is doing (or the host's words why it failed), and its controls. */
export const QueueItemRow = memo(function QueueItemRow({ item, rate, accountLabel, start, now }: RowProps) {
  const fraction = itemFraction(item)
  const dir = item.relPath.includes('/') ? item.relPath.slice(0, item.relPath.lastIndexOf('/')) : ''
  const canPause = item.state === 'queued' || item.state === 'running' || item.state === 'retrying'
  const final = item.state === 'done' || item.state === 'failed' || item.state === 'cancelled'
  const fetchLimitMin = useUploadSettings().data?.remoteTimeoutMin
  const status =
    interruptedNote(item) ??
    itemStatus(item, rate, now, fetchLimitMin === undefined ? undefined : fetchLimitMin * 60_000)

  return (
    <li
      className="queue-row"
      data-state={item.state}
      aria-label={item.name}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div className="queue-row-main">
        <div className="queue-row-name">
          <Icon name={item.kind === 'url' ? 'globe' : item.kind === 'folder' ? 'folder' : 'file'} size={14} />
          <span className="truncate" title={item.relPath}>
            {item.name}
          </span>
          {dir ? <span className="muted truncate">{dir}</span> : null}
          {accountLabel ? <span className="queue-chip">{accountLabel}</span> : null}
        </div>
        <div className="queue-row-status truncate" data-testid="queue-item-status" title={status}>
          {status}
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label={`Progress of ${item.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
          data-indeterminate={fraction === null && !final}
        >
          <span style={{ width: `${Math.round((fraction ?? 0) * 100)}%` }} />
        </div>
      </div>
      <span className="queue-row-size num muted">{item.size === null ? '' : formatSize(item.size)}</span>
      <div className="queue-row-actions">
        {canPause ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={`Pause ${item.name}`}
            title={
              item.state === 'running'
                ? 'Stops this upload: it starts again from the beginning when resumed'
                : 'Keeps this upload from starting until resumed'
            }
            onClick={() => void queueActions.pause(item.id)}
          >
            <Icon name="pause" size={14} />
          </button>
        ) : null}
        {item.state === 'paused' ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={`Resume ${item.name}`}
            onClick={() => void queueActions.resume(item.id)}
          >
            <Icon name="play" size={14} />
          </button>
        ) : null}
        {item.state === 'failed' ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={`Retry ${item.name}`}
            onClick={() => void queueActions.retry(item.id)}
          >
            <Icon name="refresh" size={14} />
          </button>
        ) : null}
        {item.state === 'done' && item.pageLink ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={`Copy link of ${item.name}`}
            onClick={() => {
              const link = item.pageLink as string
              void copyText(link).then(() => toast.success('Link copied'))
            }}
          >
            <Icon name="link" size={14} />
          </button>
        ) : null}
        {item.state !== 'done' && item.state !== 'cancelled' ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={`Cancel ${item.name}`}
            onClick={() => void queueActions.cancel(item.id)}
          >
            <Icon name="x" size={14} />
          </button>
        ) : null}
      </div>
    </li>
  )
})

/**
 * A paused upload whose pause stopped it mid-transfer says it starts again from the beginning, as "Stop now" does
 * (the engine leaves that note as a `cancelled` error on the item; a waiting item paused says just "Paused").
 */
function interruptedNote(item: QueueItemView): string | null {
  if (item.state !== 'paused' || item.error?.kind !== 'cancelled') return null
  return `Paused: ${item.error.message}`
}
