import type { AccountStatsEntry } from '../../../../shared/api/types.ts'
import { formatNumber } from '../../lib/format.ts'
import { formatMoney } from './money.ts'
import { statLabel } from './StatsChart.tsx'

export function StatsTable({ rows }: { rows: AccountStatsEntry[] }) {
  return (
    <table className="table" aria-label="Statistics per day">
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col" className="num">
            Downloads
          </th>
          <th scope="col" className="num">
            Views
          </th>
          <th scope="col" className="num">
            Sales
          </th>
          <th scope="col" className="num">
            Referrals
          </th>
          <th scope="col" className="num">
            Profit
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.day ?? i}>
            <td>{statLabel(r, i)}</td>
            <td className="num">{formatNumber(r.downloads)}</td>
            <td className="num">{formatNumber(r.views)}</td>
            <td className="num">{formatNumber(r.sales)}</td>
            <td className="num">{formatNumber(r.refs)}</td>
            <td className="num">{formatMoney(r.profitTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
