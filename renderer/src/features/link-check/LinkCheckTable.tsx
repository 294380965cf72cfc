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
          <tr key={r.link} data-state={r.result.state}>
            <td className="mono link-check-link">{r.link}</td>
            <td>
              <span className="link-state" data-state={r.result.state}>
                {resultText(r.result)}
              </span>
            </td>
            <td className="num">{r.result.state === 'found' ? formatSize(r.result.size) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
