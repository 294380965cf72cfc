import '../watch/watch.css'
import './history.css'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { HistoryEntry } from '../../../../shared/history.ts'
import { MAX_PACK_ENTRIES } from '../../../../shared/ipc/limits.ts'
import type { LinkHealth } from '../../../../shared/link-health.ts'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { SearchBox } from '../../components/SearchBox.tsx'
import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatDateTime } from '../../lib/dates.ts'
import { formatSize } from '../../lib/format.ts'
import { openExternal } from '../../lib/open-external.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { toast } from '../../state/toast-store.ts'
import { useDownloadRequest } from '../download/download-request.ts'
import { placeName } from '../folders/folder-words.ts'
import { useUploadSettings } from '../upload/use-upload-settings.ts'
import { BatchHeading } from './BatchHeading.tsx'
import { CheckSchedule } from './CheckSchedule.tsx'
import { historyItems } from './history-items.ts'
import { useHistory } from './use-history.ts'
import { downloadHistoryCsv, useCheckAllLinks, useCheckBatchLinks, useLinkHealth } from './use-link-health.ts'
import { useVerify } from './verify-store.ts'

const ROW_H = 44
const BATCH_H = 34

/** Every finished upload, of every account: searchable, virtualised, each link one click from the clipboard. */
export function HistoryView() {
  const intl = useIntl()
  const [search, setSearch] = useState('')
  const text = useDebounced(search.trim(), 250)
  const history = useHistory(text)
  const settings = useUploadSettings()
  const health = useLinkHealth(history.entries.map((e) => e.id))
  const checkAll = useCheckAllLinks()
  const checkBatch = useCheckBatchLinks()
  const items = useMemo(() => historyItems(history.entries), [history.entries])
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (items[i]?.kind === 'batch' ? BATCH_H : ROW_H),
    overscan: 10,
  })
  const last = virtualizer.getVirtualItems().at(-1)?.index ?? 0
  const { hasMore, loadingMore, loadMore } = history
  useEffect(() => {
    if (hasMore && !loadingMore && last >= items.length - 50) loadMore()
  }, [hasMore, loadingMore, last, items.length, loadMore])
  const checkingBatch = checkBatch.isPending ? checkBatch.variables?.batchId : undefined

  const copyAll = async () => {
    const format = settings.data?.linkFormat ?? 'page'
    const ids = history.entries.slice(0, MAX_PACK_ENTRIES).map((e) => e.id)
    try {
      await copyText(await call(api.links.pack({ entryIds: ids, format })))
      toast.success((intl) =>
        intl.formatMessage(
          {
            id: 'history.copyLinks.done',
            defaultMessage: 'Copied the links of {count, plural, one {# file} other {# files}}',
          },
          { count: ids.length },
        ),
      )
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'history.copyLinks.failed', defaultMessage: 'Could not copy the links: {error}' },
          { error: errorMessage(error) },
        ),
      )
    }
  }

  let body: React.ReactNode
  if (history.isPending)
    body = (
      <CenteredSpinner
        label={intl.formatMessage({ id: 'history.loading', defaultMessage: 'Loading the upload history' })}
      />
    )
  else if (history.error && history.entries.length === 0)
    body = <ErrorState error={history.error} onRetry={history.refetch} />
  else if (history.entries.length === 0)
    body = text ? (
      <EmptyState
        icon="search"
        title={intl.formatMessage({ id: 'history.noMatches.title', defaultMessage: 'No matches' })}
      >
        <FormattedMessage
          id="history.noMatches.text"
          defaultMessage="No upload matches “{text}”."
          values={{ text: <span translate="no">{text}</span> }}
        />
      </EmptyState>
    ) : (
      <EmptyState
        icon="history"
        title={intl.formatMessage({ id: 'history.empty.title', defaultMessage: 'No uploads yet' })}
      >
        <FormattedMessage
          id="history.empty.text"
          defaultMessage="Files you upload show up here, with their links."
        />
      </EmptyState>
    )
  else
    body = (
      <div ref={scrollRef} className="history-scroll">
        <ul
          className="history-list"
          aria-label={intl.formatMessage({ id: 'history.list.label', defaultMessage: 'Upload history' })}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index]
            if (!item) return null
            return item.kind === 'batch' ? (
              <BatchHeading
                key={`batch ${row.index} ${item.batchId}`}
                heading={item}
                start={row.start}
                checking={checkingBatch === item.batchId}
                onCheck={(h) => checkBatch.mutate({ batchId: h.batchId, ids: h.ids })}
                onDownload={(h, label) =>
                  useDownloadRequest
                    .getState()
                    .open({ accountId: h.accountId, what: { batchId: h.batchId }, label })
                }
                onVerify={(h, label) => useVerify.getState().start(h.batchId, label, false)}
              />
            ) : (
              <HistoryRow
                key={item.entry.id}
                entry={item.entry}
                start={row.start}
                health={health.get(item.entry.id) ?? null}
              />
            )
          })}
        </ul>
      </div>
    )

  return (
    <>
      <ViewToolbar className="toolbar-compact">
        <h1 className="breadcrumb">
          <FormattedMessage id="history.title" defaultMessage="Upload history" />
        </h1>
        <SearchBox
          value={search}
          onChange={setSearch}
          placeholder={intl.formatMessage({
            id: 'history.search.placeholder',
            defaultMessage: 'Search uploads',
          })}
          label={intl.formatMessage({ id: 'history.search.label', defaultMessage: 'Search upload history' })}
        />
        <button
          type="button"
          className="btn"
          title={intl.formatMessage({
            id: 'history.copyLinks.title',
            defaultMessage: 'Copy the links of the uploads listed',
          })}
          disabled={history.entries.length === 0}
          onClick={() => void copyAll()}
        >
          <Icon name="copy" size={14} />{' '}
          <span className="btn-label">
            <FormattedMessage id="history.copyLinks.button" defaultMessage="Copy links" />
          </span>
        </button>
        <button
          type="button"
          className="btn"
          title={intl.formatMessage({
            id: 'history.checkAll.title',
            defaultMessage: 'Check every link of the history',
          })}
          disabled={history.entries.length === 0 || checkAll.isPending}
          onClick={() => checkAll.mutate()}
        >
          <Icon name="refresh" size={14} />{' '}
          <span className="btn-label">
            {checkAll.isPending ? (
              <FormattedMessage id="history.checkAll.checking" defaultMessage="Checking…" />
            ) : (
              <FormattedMessage id="history.checkAll.button" defaultMessage="Check links" />
            )}
          </span>
        </button>
        <CheckSchedule />
        <button
          type="button"
          className="btn"
          title={intl.formatMessage({
            id: 'history.export.title',
            defaultMessage: 'Export the history as CSV',
          })}
          disabled={history.entries.length === 0}
          onClick={() => void downloadHistoryCsv()}
        >
          <Icon name="download" size={14} />{' '}
          <span className="btn-label">
            <FormattedMessage id="history.export.button" defaultMessage="Export CSV" />
          </span>
        </button>
      </ViewToolbar>
      <div className="content">{body}</div>
    </>
  )
}

function HistoryRow({
  entry,
  start,
  health,
}: {
  entry: HistoryEntry
  start: number
  health: LinkHealth | null
}) {
  const intl = useIntl()
  // Named by its file's name, which is data: labelled by the element showing it (marked translate="no").
  const nameId = useId()
  return (
    <li className="history-row" aria-labelledby={nameId} style={{ transform: `translateY(${start}px)` }}>
      <Icon name="file" size={14} />
      <div className="history-name">
        <span id={nameId} className="truncate" translate="no">
          {entry.name}
        </span>
        <span className="muted truncate">
          {entry.folderPath ? <span translate="no">{entry.folderPath}</span> : placeName('', intl)}
          {' · '}
          <span translate="no">{entry.accountLabel}</span>
          {entry.alreadyThere ? (
            <>
              {' · '}
              <FormattedMessage
                id="history.row.alreadyThere"
                defaultMessage="Already there, not sent again"
              />
            </>
          ) : null}
        </span>
      </div>
      <span className="num muted">{formatSize(entry.size)}</span>
      <time className="muted history-date" dateTime={entry.finishedAt}>
        {formatDateTime(entry.finishedAt)}
      </time>
      <HealthBadge health={health} />
      <button
        type="button"
        className="icon-btn"
        aria-label={intl.formatMessage(
          { id: 'history.row.copyLink', defaultMessage: 'Copy link of {name}' },
          { name: entry.name },
        )}
        onClick={() =>
          void copyText(entry.pageLink).then(() =>
            toast.success((intl) =>
              intl.formatMessage({ id: 'history.row.linkCopied', defaultMessage: 'Link copied' }),
            ),
          )
        }
      >
        <Icon name="link" size={14} />
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={intl.formatMessage(
          { id: 'history.row.openPage', defaultMessage: 'Open page of {name}' },
          { name: entry.name },
        )}
        onClick={() => openExternal(entry.pageLink)}
      >
        <Icon name="external" size={14} />
      </button>
    </li>
  )
}

/**
 * When the link was last found alive; for a link found gone, that it is gone and when it was last alive (or
 * when it was checked, if no check here ever found it alive); "Not checked" for a link never checked. The last
 * check's time is in the title.
 */
function HealthBadge({ health }: { health: LinkHealth | null }) {
  const intl = useIntl()
  if (health === null)
    return (
      <span className="link-health muted">
        <FormattedMessage id="history.health.notChecked" defaultMessage="Not checked" />
      </span>
    )
  const checked = formatDateTime(health.checkedAt)
  const checkedTime = <time dateTime={new Date(health.checkedAt).toISOString()}>{checked}</time>
  return (
    <span
      className="link-health"
      data-alive={health.alive}
      title={intl.formatMessage(
        { id: 'history.health.lastChecked', defaultMessage: 'Last checked {when}' },
        { when: checked },
      )}
    >
      {health.alive ? (
        <FormattedMessage
          id="history.health.alive"
          defaultMessage="Last found alive {when}"
          values={{ when: checkedTime }}
        />
      ) : health.lastAliveAt === null ? (
        <FormattedMessage
          id="history.health.goneChecked"
          defaultMessage="Gone · checked {when}"
          values={{ when: checkedTime }}
        />
      ) : (
        <FormattedMessage
          id="history.health.goneSince"
          defaultMessage="Gone · last found alive {when}"
          values={{
            when: (
              <time dateTime={new Date(health.lastAliveAt).toISOString()}>
                {formatDateTime(health.lastAliveAt)}
              </time>
            ),
          }}
        />
      )}
    </span>
  )
}
