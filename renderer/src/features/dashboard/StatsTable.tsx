import { useIntl } from 'react-intl'
import type { AccountStatsEntry } from '../../../../shared/api/types.ts'
import { hostDateTime } from '../../lib/dates.ts'
import { formatNumber } from '../../lib/format.ts'
import { figures } from './dashboard-messages.ts'
import { FigureCells, FiguresHead } from './FiguresTable.tsx'
import { formatMoney } from './money.ts'
import { statLabel } from './StatsChart.tsx'

export function StatsTable({ rows }: { rows: AccountStatsEntry[] }) {
  const intl = useIntl()
  return (
    <table
      className="table"
      aria-label={intl.formatMessage({ id: 'dashboard.stats.table', defaultMessage: 'Statistics per day' })}
    >
      <FiguresHead
        first={intl.formatMessage({ id: 'dashboard.stats.day', defaultMessage: 'Day' })}
        figures={[
          intl.formatMessage(figures.downloads),
          intl.formatMessage(figures.views),
          intl.formatMessage({ id: 'dashboard.stats.sales', defaultMessage: 'Sales' }),
          intl.formatMessage({ id: 'dashboard.stats.referrals', defaultMessage: 'Referrals' }),
          intl.formatMessage({ id: 'dashboard.stats.profit', defaultMessage: 'Profit' }),
        ]}
      />
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.day ?? i}>
            <td>{r.day ? <time dateTime={hostDateTime(r.day)}>{statLabel(r, i)}</time> : statLabel(r, i)}</td>
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
