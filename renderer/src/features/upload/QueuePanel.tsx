import { useRef } from 'react'
import { defineMessages, FormattedMessage, useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { ProgressBar } from '../../components/ProgressBar.tsx'
import { descriptors } from '../../i18n/descriptors.ts'
import { formatDuration, formatSize, formatSpeed } from '../../lib/format.ts'
import { useQueue } from '../../state/queue-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { PanelEdge } from './PanelEdge.tsx'
import { QueueControls } from './QueueControls.tsx'
import { QueueList } from './QueueList.tsx'
import { useTransferFilter } from './transfer-filter.ts'
import { usePanelHeight } from './use-panel-height.ts'
import { queueActions } from './use-queue-actions.ts'

const m = descriptors(
  defineMessages({
    done: { id: 'upload.summary.done', defaultMessage: '{done, number} of {total, number} done' },
    failed: { id: 'upload.summary.failed', defaultMessage: '{count, number} failed' },
    bytes: { id: 'upload.summary.bytes', defaultMessage: '{done} of {total}' },
    left: { id: 'upload.summary.left', defaultMessage: '{duration} left' },
  }),
)

/**
 * The transfers (uploads and downloads, one queue) as a drawer under the content: a bar with the totals of what
 * the direction filter shows and the queue-wide controls (which act on both directions), and when open, the
 * settings and the virtualised list of transfers. The bar shows while anything is queued or staged. Open,
 * it is as tall as the user dragged its top edge for this size of window (use-panel-height.ts), never taking
 * the half of the window the content keeps (layout.css).
 */
export function QueuePanel() {
  const ref = useRef<HTMLElement>(null)
  const size = usePanelHeight(ref)
  const all = useQueue((s) => s.totals)
  const filter = useTransferFilter((s) => s.shown)
  const totals = filter === 'all' ? all : all[filter]
  const paused = useQueue((s) => s.paused)
  const open = useUploads((s) => s.panelOpen)
  const setOpen = useUploads((s) => s.setPanelOpen)
  const staging = useUploads((s) => s.staging)
  const intl = useIntl()
  if (all.items === 0 && !staging && !open) return null

  const active = totals.queued + totals.running + totals.retrying + totals.pending
  const fraction = totals.totalBytes > 0 ? totals.doneBytes / totals.totalBytes : 0
  const say = intl.formatMessage
  const summary = [
    say(m.done, { done: totals.done, total: totals.items - totals.cancelled }),
    totals.failed > 0 ? say(m.failed, { count: totals.failed }) : null,
    totals.totalBytes > 0
      ? say(m.bytes, { done: formatSize(totals.doneBytes), total: formatSize(totals.totalBytes) })
      : null,
    totals.bytesPerSec > 0 ? formatSpeed(totals.bytesPerSec) : null,
    totals.etaSec !== null && active > 0 ? say(m.left, { duration: formatDuration(totals.etaSec) }) : null,
  ].filter((s) => s !== null)

  return (
    <section
      ref={ref}
      className="queue-panel"
      data-open={open}
      aria-label={intl.formatMessage({ id: 'upload.panel.label', defaultMessage: 'Transfers' })}
      style={open ? { height: size.height } : undefined}
    >
      {open ? <PanelEdge {...size} /> : null}
      <header className="queue-bar">
        <button
          type="button"
          className="queue-toggle"
          aria-expanded={open}
          aria-controls="queue-body"
          onClick={() => setOpen(!open)}
        >
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
          <strong>
            <FormattedMessage id="upload.panel.title" defaultMessage="Transfers" />
          </strong>
          <span className="muted truncate" data-testid="queue-summary">
            {summary.join(' · ')}
          </span>
        </button>
        <ProgressBar
          label={intl.formatMessage({
            id: 'upload.panel.totalProgress',
            defaultMessage: 'Total transfer progress',
          })}
          className="queue-total-progress"
          fraction={fraction}
          still
        />
        {paused ? (
          <button type="button" className="btn" onClick={() => void queueActions.resumeAll()}>
            <Icon name="play" size={12} />{' '}
            <FormattedMessage id="upload.panel.resumeAll" defaultMessage="Resume all" />
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            title={intl.formatMessage({
              id: 'upload.panel.pauseAllTitle',
              defaultMessage: 'Transfers already running finish, uploads and downloads; no new ones start',
            })}
            onClick={() => void queueActions.pauseAll()}
          >
            <Icon name="pause" size={12} />{' '}
            <FormattedMessage id="upload.panel.pauseAll" defaultMessage="Pause all" />
          </button>
        )}
        {all.running > 0 ? (
          <button
            type="button"
            className="btn"
            title={intl.formatMessage({
              id: 'upload.panel.stopNowTitle',
              defaultMessage:
                'Interrupts the running transfers: uploads start again from the beginning when resumed, downloads continue from the bytes they have',
            })}
            onClick={() => void queueActions.stopNow()}
          >
            <Icon name="x" size={12} />{' '}
            <FormattedMessage id="upload.panel.stopNow" defaultMessage="Stop now" />
          </button>
        ) : null}
        <button
          type="button"
          className="btn"
          disabled={all.failed === 0}
          onClick={() => void queueActions.retryFailed()}
        >
          <Icon name="refresh" size={12} />{' '}
          <FormattedMessage id="upload.panel.retryFailed" defaultMessage="Retry failed" />
        </button>
        <button
          type="button"
          className="btn"
          disabled={all.done + all.cancelled === 0}
          onClick={() => void queueActions.clearFinished()}
        >
          <FormattedMessage id="upload.panel.clearFinished" defaultMessage="Clear finished" />
        </button>
      </header>
      {open ? (
        <div id="queue-body" className="queue-body">
          <QueueControls />
          {staging ? (
            <div className="queue-staging" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>
                <FormattedMessage
                  id="upload.panel.staging"
                  defaultMessage="Sending files to Filedock: {done, number} of {files, number} ({sent} of {bytes})"
                  values={{
                    done: staging.filesDone,
                    files: staging.files,
                    sent: formatSize(staging.bytesSent),
                    bytes: formatSize(staging.bytes),
                  }}
                />
              </span>
            </div>
          ) : null}
          {totals.items > 0 ? (
            <QueueList />
          ) : (
            <p className="muted queue-empty">
              <FormattedMessage
                id="upload.panel.empty"
                defaultMessage="{filter, select, up {No uploads.} down {No downloads.} other {No transfers.}}"
                values={{ filter }}
              />
            </p>
          )}
        </div>
      ) : null}
    </section>
  )
}
