import { memo, useEffect, useState } from 'react'
import { defineMessages, type IntlShape, useIntl } from 'react-intl'
import type { QueueItemView } from '../../../../shared/queue.ts'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { ProgressBar } from '../../components/ProgressBar.tsx'
import { descriptors } from '../../i18n/descriptors.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatSize } from '../../lib/format.ts'
import { type ItemRate, selectItem, selectRate, useQueue } from '../../state/queue-store.ts'
import { toast } from '../../state/toast-store.ts'
import { itemFraction, itemStatus } from './item-status.ts'
import { queueActions } from './use-queue-actions.ts'
import { useUploadSettings } from './use-upload-settings.ts'

interface RowProps {
  id: string
  accountLabel: string | null
  start: number
}

/**
 * One transfer, up or down: name, where it goes, what it is doing (or the words why it failed), and its controls.
 * A finished download offers Show in folder and Open (downloads.reveal, by item: never a path from the page). It
 * follows its own item and speed in the store, so it renders when they change, not when others do.
 */
export const QueueItemRow = memo(function QueueItemRow({ id, accountLabel, start }: RowProps) {
  const item = useQueue(selectItem(id))
  const rate = useQueue(selectRate(id))
  // "Retrying in 5 s" and "gives up in 3 min" count down; other rows need no clock.
  const now = useClock(item !== undefined && (item.state === 'retrying' || item.fetchStartedAt !== undefined))
  if (item === undefined) return null
  return <Row item={item} rate={rate} accountLabel={accountLabel} start={start} now={now} />
})

function Row({
  item,
  rate,
  accountLabel,
  start,
  now,
}: {
  item: QueueItemView
  rate: ItemRate | undefined
  accountLabel: string | null
  start: number
  now: number
}) {
  const fraction = itemFraction(item)
  const dir = item.relPath.includes('/') ? item.relPath.slice(0, item.relPath.lastIndexOf('/')) : ''
  const canPause = item.state === 'queued' || item.state === 'running' || item.state === 'retrying'
  const final = item.state === 'done' || item.state === 'failed' || item.state === 'cancelled'
  const down = item.direction === 'down'
  const fetchLimitMin = useUploadSettings().data?.remoteTimeoutMin
  const intl = useIntl()
  const say = intl.formatMessage
  const name = { name: item.name }
  const status =
    interruptedNote(intl, item) ??
    itemStatus(intl, item, rate, now, fetchLimitMin === undefined ? undefined : fetchLimitMin * 60_000)

  return (
    <li
      className="queue-row"
      data-state={item.state}
      aria-label={item.name}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div className="queue-row-main">
        <div className="queue-row-name">
          <Icon name={ICONS[item.kind]} size={14} />
          <span className="truncate" title={item.relPath} translate="no">
            {item.name}
          </span>
          {dir ? (
            <span className="muted truncate" translate="no">
              {dir}
            </span>
          ) : null}
          {accountLabel ? (
            <span className="queue-chip" translate="no">
              {accountLabel}
            </span>
          ) : null}
        </div>
        <div className="queue-row-status truncate" data-testid="queue-item-status" title={status}>
          {status}
        </div>
        <ProgressBar label={say(m.progress, name)} fraction={fraction} still={final} />
      </div>
      <span className="queue-row-size num muted">{item.size === null ? '' : formatSize(item.size)}</span>
      <div className="queue-row-actions">
        {canPause ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={say(m.pause, name)}
            title={say(item.state !== 'running' ? m.pauseWaiting : down ? m.pauseDownload : m.pauseUpload, {
              direction: down ? 'down' : 'up',
            })}
            onClick={() => void queueActions.pause(item.id)}
          >
            <Icon name="pause" size={14} />
          </button>
        ) : null}
        {item.state === 'paused' ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={say(m.resume, name)}
            onClick={() => void queueActions.resume(item.id)}
          >
            <Icon name="play" size={14} />
          </button>
        ) : null}
        {item.state === 'failed' ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={say(m.retry, name)}
            onClick={() => void queueActions.retry(item.id)}
          >
            <Icon name="refresh" size={14} />
          </button>
        ) : null}
        {item.state === 'done' && item.pageLink ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={say(m.copyLink, name)}
            onClick={() => {
              const link = item.pageLink as string
              void copyText(link).then(() => toast.success((intl) => intl.formatMessage(m.linkCopied)))
            }}
          >
            <Icon name="link" size={14} />
          </button>
        ) : null}
        {item.state === 'done' && down ? (
          <>
            <button
              type="button"
              className="icon-btn"
              aria-label={say(m.showNamed, name)}
              title={say(m.show)}
              onClick={() => void reveal(item.id, 'folder')}
            >
              <Icon name="folderOpen" size={14} />
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={say(m.openNamed, name)}
              title={say(m.open)}
              onClick={() => void reveal(item.id, 'open')}
            >
              <Icon name="external" size={14} />
            </button>
          </>
        ) : null}
        {item.state !== 'done' && item.state !== 'cancelled' ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={say(m.cancel, name)}
            onClick={() => void queueActions.cancel(item.id)}
          >
            <Icon name="x" size={14} />
          </button>
        ) : null}
      </div>
    </li>
  )
}

const m = descriptors(
  defineMessages({
    progress: { id: 'upload.item.progress', defaultMessage: 'Progress of {name}' },
    pause: { id: 'upload.item.pause', defaultMessage: 'Pause {name}' },
    pauseWaiting: {
      id: 'upload.item.pauseWaiting',
      defaultMessage:
        '{direction, select, down {Keeps this download from starting until resumed} other {Keeps this upload from starting until resumed}}',
    },
    pauseDownload: {
      id: 'upload.item.pauseDownload',
      defaultMessage:
        'Stops this download: the bytes so far are kept, and it continues from there when resumed',
    },
    pauseUpload: {
      id: 'upload.item.pauseUpload',
      defaultMessage: 'Stops this upload: it starts again from the beginning when resumed',
    },
    resume: { id: 'upload.item.resume', defaultMessage: 'Resume {name}' },
    retry: { id: 'upload.item.retry', defaultMessage: 'Retry {name}' },
    copyLink: { id: 'upload.item.copyLink', defaultMessage: 'Copy link of {name}' },
    linkCopied: { id: 'upload.item.linkCopied', defaultMessage: 'Link copied' },
    showNamed: { id: 'upload.item.showNamed', defaultMessage: 'Show {name} in folder' },
    show: { id: 'upload.item.show', defaultMessage: 'Show in folder' },
    openNamed: { id: 'upload.item.openNamed', defaultMessage: 'Open {name}' },
    open: { id: 'upload.item.open', defaultMessage: 'Open' },
    cancel: { id: 'upload.item.cancel', defaultMessage: 'Cancel {name}' },
    interrupted: { id: 'upload.item.interrupted', defaultMessage: 'Paused: {reason}' },
  }),
)

const ICONS = {
  file: 'file',
  folder: 'folder',
  url: 'globe',
  download: 'download',
} as const satisfies Record<QueueItemView['kind'], string>

/** A finished download shown in the file manager or opened; the host's refusal is a toast in its words. */
async function reveal(itemId: string, how: 'folder' | 'open'): Promise<void> {
  try {
    await call(api.downloads.reveal({ itemId, how }))
  } catch (error) {
    toast.error(() => errorMessage(error))
  }
}

/**
 * A paused upload whose pause stopped it mid-transfer says it starts again from the beginning, as "Stop now" does
 * (the engine leaves that note as a `cancelled` error on the item; a waiting item paused says just "Paused").
 */
function interruptedNote(intl: IntlShape, item: QueueItemView): string | null {
  if (item.state !== 'paused' || item.error?.kind !== 'cancelled') return null
  return intl.formatMessage(m.interrupted, { reason: errorMessage(item.error) })
}

/** The time now, moving each second while `ticking`. */
function useClock(ticking: boolean): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (!ticking) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [ticking])
  return now
}
