import { memo } from 'react'
import { formatSize } from '../../lib/format.ts'
import type { LinkRow } from './check-links.ts'
import { resultText } from './result-text.ts'

/** Link / found / size, one row per link, in the order the links appeared in the text. */
export function LinkCheckTable({ rows }: { rows: readonly LinkRow[] }) {
  return (
    <table className="table" aria-label="Link check results">
      <thead>
        <tr>
          <th scope="col">Link</th>
          <th scope="col">Found</th>
          <th scope="col" className="num">
            Size
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
  return (
    <tr data-state={row.result.state}>
      <td className="mono link-check-link">{row.link}</td>
      <td>
        <span className="link-state" data-state={row.result.state}>
          {resultText(row.result)}
        </span>
      </td>
      <td className="num">{row.result.state === 'found' ? formatSize(row.result.size) : '—'}</td>
    </tr>
  )
})
