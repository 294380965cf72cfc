import { formatCount, formatNumber, formatSize } from '../../lib/format.ts'
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
          {shape.folders > 0 ? <span>{formatCount(shape.folders, 'folder')}</span> : null}
          <span data-testid="status-count">{formatCount(files, 'file')}</span>
        </>
      ) : null}
      <IndexingNote incomplete={shape !== null && !shape.complete} />
      <span className="spacer" />
      {summary ? (
        <span data-testid="status-selection" aria-live="polite" aria-busy={summary.pending}>
          {formatNumber(summary.files)} selected · {formatSize(summary.totalSize)}
        </span>
      ) : shape ? (
        <span>{formatSize(shape.totalSize)} total</span>
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
    return incomplete ? <span className="cell-muted">More files may still appear</span> : null
  return (
    <span className="index-progress" role="status" data-testid="index-progress">
      <span className="spinner" aria-hidden="true" />
      {crawling
        .map(
          (s) =>
            `Indexing ${s.label}: ${formatNumber(s.filesIndexed)}${s.filesTotal === null ? '' : ` of ${formatNumber(s.filesTotal)}`}`,
        )
        .join(' · ')}
    </span>
  )
}
