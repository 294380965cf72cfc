import type { AccountStatsEntry } from '../../../../shared/api/types.ts'
import { formatNumber } from '../../lib/format.ts'
import { FigureCells, FiguresHead } from './FiguresTable.tsx'
import { formatMoney } from './money.ts'
import { statLabel } from './StatsChart.tsx'

export function StatsTable({ rows }: { rows: AccountStatsEntry[] }) {
  return (
    <table className="table" aria-label="Statistics per day">
      <FiguresHead first="Day" figures={['Downloads', 'Views', 'Sales', 'Referrals', 'Profit']} />
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.day ?? i}>
            <td>{statLabel(r, i)}</td>
            <FigureCells
              values={[
                formatNumber(r.downloads),
                formatNumber(r.views),
                formatNumber(r.sales),
                formatNumber(r.refs),
                formatMoney(r.profitTotal),
              ]}
            />
          </tr>
        ))}
      </tbody>
    </table>
  )
}
