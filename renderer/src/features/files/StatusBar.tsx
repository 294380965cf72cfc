import { FormattedMessage } from 'react-intl'
import { formatSize } from '../../lib/format.ts'
import { useIndexStatus, useWarnOnce } from './use-index-status.ts'
import type { ResultShape } from './use-index-windows.ts'
import type { SelectionCount } from './use-selection-summary.ts'

/**
 * Counts and sizes of the whole result (from the index, not from the rows loaded), of the selection when there is
 * one, and how indexing is going: it never blocks browsing, so it is said here, where one looks for counts.
 */
export function StatusBar({ shape, summary }: { shape: ResultShape | null; summary: SelectionCount | null }) {
  const files = shape ? shape.total - shape.folders : 0
  return (
    <footer className="statusbar">
      {shape ? (
        <>
          {shape.folders > 0 ? (
            <span>
              <FormattedMessage
                id="files.status.folders"
                defaultMessage="{count, plural, one {# folder} other {# folders}}"
                values={{ count: shape.folders }}
              />
            </span>
          ) : null}
          <span data-testid="status-count">
            <FormattedMessage
              id="files.status.files"
              defaultMessage="{count, plural, one {# file} other {# files}}"
              values={{ count: files }}
            />
          </span>
        </>
      ) : null}
      <IndexingNote incomplete={shape !== null && !shape.complete} />
      <span className="spacer" />
      {summary ? (
        <span data-testid="status-selection" aria-live="polite" aria-busy={summary.pending}>
          <FormattedMessage
            id="files.status.selected"
            defaultMessage="{count, number} selected · {size}"
            values={{
              count: summary.files,
              size: <span className="size">{formatSize(summary.totalSize)}</span>,
            }}
          />
        </span>
      ) : shape ? (
        <span>
          <FormattedMessage
            id="files.status.total"
            defaultMessage="{size} total"
            values={{ size: <span className="size">{formatSize(shape.totalSize)}</span> }}
          />
        </span>
      ) : null}
    </footer>
  )
}

function IndexingNote({ incomplete }: { incomplete: boolean }) {
  const { data } = useIndexStatus()
  useWarnOnce(data)
  // Once, after an update: the file list waits for it (main's reads are queued behind the upgrade).
  if (data?.some((s) => s.state === 'upgrading'))
    return (
      <span className="index-progress" role="status" data-testid="index-progress">
        <span className="spinner" aria-hidden="true" />
        Bringing the file index up to date for this version…
      </span>
    )
  const crawling = data?.filter((s) => s.state === 'crawling') ?? []
  if (crawling.length === 0)
    return incomplete ? (
      <span className="cell-muted">
        <FormattedMessage id="files.status.mayGrow" defaultMessage="More files may still appear" />
      </span>
    ) : null
  return (
    <span className="index-progress" role="status" data-testid="index-progress">
      <span className="spinner" aria-hidden="true" />
      {crawling.map((s, i) => (
        <span key={s.accountId}>
          {i > 0 ? ' · ' : null}
          {s.filesTotal === null ? (
            <FormattedMessage
              id="files.status.indexing"
              defaultMessage="Indexing {account}: {done, number}"
              values={{ account: <span translate="no">{s.label}</span>, done: s.filesIndexed }}
            />
          ) : (
            <FormattedMessage
              id="files.status.indexingOf"
              defaultMessage="Indexing {account}: {done, number} of {total, number}"
              values={{
                account: <span translate="no">{s.label}</span>,
                done: s.filesIndexed,
                total: s.filesTotal,
              }}
            />
          )}
        </span>
      ))}
    </span>
  )
}
