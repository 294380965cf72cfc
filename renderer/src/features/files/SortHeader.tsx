import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl'
import type { IndexSortKey } from '../../../../shared/file-index.ts'
import { Icon } from '../../components/Icon.tsx'
import { onHeaderTab } from './header-tab-order.ts'
import { usePane } from './pane-store.ts'

const labels = defineMessages({
  name: { id: 'files.column.name', defaultMessage: 'Name' },
  size: { id: 'files.column.size', defaultMessage: 'Size' },
  uploaded: { id: 'files.column.uploaded', defaultMessage: 'Uploaded' },
  downloads: { id: 'files.column.downloads', defaultMessage: 'Downloads' },
})

const columns: Array<{ key: IndexSortKey; label: MessageDescriptor; className?: string }> = [
  { key: 'name', label: labels.name },
  { key: 'size', label: labels.size, className: 'num' },
  { key: 'uploaded', label: labels.uploaded, className: 'cell-date' },
  { key: 'downloads', label: labels.downloads, className: 'num' },
]

/**
 * The list's column headers; each sorts the whole result by its column (a second click reverses it). Folders stay
 * above files whatever the order. The location column (views spanning folders) is not sortable: the index
 * sorts by name, size, date and downloads only.
 */
export function SortHeader({ location, draft }: { location: boolean; draft: React.ReactNode }) {
  const intl = useIntl()
  const sort = usePane((s) => s.sort)
  const sortBy = usePane((s) => s.sortBy)
  const cells = columns.map(({ key, label, className }) => {
    const active = sort.key === key
    return (
      <div
        key={key}
        role="columnheader"
        className={className ? `col-head ${className}` : 'col-head'}
        aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <button
          type="button"
          className="sort-btn"
          // Walked by onHeaderTab, before the rows (the grid's own tab stop): see header-tab-order.ts.
          tabIndex={-1}
          onKeyDown={onHeaderTab}
          onClick={() => sortBy(key)}
        >
          {intl.formatMessage(label)}
          {active ? (
            <span className="sort-arrow" data-dir={sort.dir} aria-hidden="true">
              <Icon name="chevronDown" size={12} />
            </span>
          ) : null}
        </button>
      </div>
    )
  })
  if (location)
    cells.splice(
      1,
      0,
      <div key="location" role="columnheader" className="col-head cell-location">
        <FormattedMessage id="files.column.location" defaultMessage="Location" />
      </div>,
    )
  return (
    <div role="rowgroup" className="files-head">
      <div role="row" className="files-header" aria-rowindex={1}>
        {cells}
      </div>
      {draft}
    </div>
  )
}
