import { memo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatSize } from '../../lib/format.ts'
import type { LinkRow } from './check-links.ts'
import { resultText } from './result-text.ts'

/** Link / found / size, one row per link, in the order the links appeared in the text. */
export function LinkCheckTable({ rows }: { rows: readonly LinkRow[] }) {
  const intl = useIntl()
  return (
    <table
      className="table"
      aria-label={intl.formatMessage({ id: 'linkCheck.table.label', defaultMessage: 'Link check results' })}
    >
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="linkCheck.table.link" defaultMessage="Link" />
          </th>
          <th scope="col">
            <FormattedMessage id="linkCheck.table.found" defaultMessage="Found" />
          </th>
          <th scope="col" className="num">
            <FormattedMessage id="linkCheck.table.size" defaultMessage="Size" />
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <Row key={r.link} row={r} />
        ))}
      </tbody>
    </table>
  )
}

// A batch's answer changes only its own rows (the store keeps the others' objects), so only they render again.
const Row = memo(function Row({ row }: { row: LinkRow }) {
  const intl = useIntl()
  return (
    <tr data-state={row.result.state}>
      <td className="mono link-check-link" translate="no">
        {row.link}
      </td>
      <td>
        <span className="link-state" data-state={row.result.state}>
          {resultText(intl, row.result)}
        </span>
      </td>
      <td className="num">{row.result.state === 'found' ? formatSize(row.result.size) : '—'}</td>
    </tr>
  )
})
