import { FormattedMessage, useIntl } from 'react-intl'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { Icon } from '../../components/Icon.tsx'
import { formatSize } from '../../lib/format.ts'
import { useSelection } from '../../state/selection-store.ts'
import { useDownloadRequest } from '../download/download-request.ts'
import { folderRowPath } from '../folders/folder-row-path.ts'
import { placeName } from '../folders/folder-words.ts'
import { useFolderCommands } from '../folders/use-folder-commands.ts'
import { Bytes, Field } from './DetailsField.tsx'
import { useDetails } from './details-store.ts'
import { FileDetails } from './FileDetails.tsx'
import { useDetailsKeys } from './use-details-keys.ts'
import type { SelectionCount } from './use-selection-summary.ts'

interface DetailsPanelProps {
  rowAt: (index: number) => IndexRow | undefined
  summary: SelectionCount | null
  /** Download… of the selection, as the file menu's (a Ctrl+A goes to main as its query). */
  onDownload: () => void
}

/**
 * The right-hand panel of the file view: one file's details (fresh from the host), a folder's place, or for a
 * selection of many its count and size. A selection is never walked file by file: Ctrl+A of 100,000 files shows
 * the count main already made for the status bar.
 */
export function DetailsPanel({ rowAt, summary, onDownload }: DetailsPanelProps) {
  useDetailsKeys()
  const intl = useIntl()
  const folderCommands = useFolderCommands()
  const open = useDetails((s) => s.open)
  const toggle = useDetails((s) => s.toggle)
  const all = useSelection((s) => s.all)
  const picked = useSelection((s) => s.picked)
  const focusIndex = useSelection((s) => s.focusIndex)
  if (!open) return null

  let body: React.ReactNode
  if (all !== null || picked.size > 1)
    body = (
      <>
        <DownloadButton onClick={onDownload} disabled={summary === null} />
        <SelectionDetails summary={summary} />
      </>
    )
  else {
    // One picked file, else the row under the cursor (a folder, or a file the cursor moved to with Ctrl).
    const row = picked.size === 1 ? picked.values().next().value : rowAt(focusIndex)
    if (row?.kind === 'file')
      body = (
        <>
          {/* The file shown, by its code: it may be the cursor's row with nothing picked. */}
          <DownloadButton
            onClick={() =>
              useDownloadRequest.getState().open({
                accountId: row.accountId,
                what: { codes: [row.fileCode] },
                label: () => row.name,
              })
            }
          />
          <FileDetails key={`${row.accountId}:${row.fileCode}`} row={row} />
        </>
      )
    else if (row?.kind === 'folder')
      body = (
        <>
          <DownloadButton
            onClick={() => folderCommands.download({ accountId: row.accountId, path: folderRowPath(row) })}
          />
          <dl className="details-list">
            <Field
              label={intl.formatMessage({ id: 'files.details.folder', defaultMessage: 'Folder' })}
              testId="name"
              value={<span translate="no">{row.name}</span>}
            />
            <Field
              label={intl.formatMessage({ id: 'files.details.where', defaultMessage: 'Where' })}
              testId="folder"
              value={<span translate="no">{placeName(row.path, intl)}</span>}
            />
          </dl>
        </>
      )
    else body = <NothingSelected />
  }

  return (
    <aside
      className="details-panel"
      aria-label={intl.formatMessage({ id: 'files.details.label', defaultMessage: 'Details' })}
    >
      <header className="details-header">
        <h2>
          <FormattedMessage id="files.details.heading" defaultMessage="Details" />
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={intl.formatMessage({ id: 'files.details.close', defaultMessage: 'Close details' })}
          onClick={toggle}
        >
          <Icon name="x" size={14} />
        </button>
      </header>
      {body}
    </aside>
  )
}

/** The panel's Download…: the one dialog the menus open, for what the panel shows. */
function DownloadButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="btn details-download" disabled={disabled} onClick={onClick}>
      <Icon name="download" size={14} />{' '}
      <FormattedMessage id="files.details.download" defaultMessage="Download…" />
    </button>
  )
}

function NothingSelected() {
  return (
    <p className="details-empty">
      <FormattedMessage
        id="files.details.nothingSelected"
        defaultMessage="Select a file to see its details."
      />
    </p>
  )
}

function SelectionDetails({ summary }: { summary: SelectionCount | null }) {
  const intl = useIntl()
  if (summary === null) return <NothingSelected />
  return (
    <dl className="details-list" aria-busy={summary.pending}>
      <Field
        label={intl.formatMessage({ id: 'files.details.selected', defaultMessage: 'Selected' })}
        testId="count"
        value={intl.formatMessage(
          { id: 'files.details.fileCount', defaultMessage: '{count, plural, one {# file} other {# files}}' },
          { count: summary.files },
        )}
      />
      <Field
        label={intl.formatMessage({ id: 'files.details.totalSize', defaultMessage: 'Total size' })}
        testId="size"
        value={formatSize(summary.totalSize)}
      />
      <Field
        label={intl.formatMessage({ id: 'files.details.inBytes', defaultMessage: 'In bytes' })}
        testId="bytes"
        value={<Bytes n={summary.totalSize} />}
      />
    </dl>
  )
}
