import type { AccountView } from '../../../../shared/accounts.ts'
import { Spinner } from '../../components/States.tsx'
import { errorMessage } from '../../lib/call.ts'
import { formatNumber, formatSize } from '../../lib/format.ts'
import { type StatsTotals, sumStats } from './dashboard-math.ts'
import { FigureCells, FiguresHead } from './FiguresTable.tsx'
import { formatMoney } from './money.ts'
import { type StatsRange, useAllAccounts } from './use-dashboard.ts'

/**
 * Every account side by side, with a total row: downloads, views and earnings in the chosen range, storage
 * left. An account whose host does not answer says so in its row; the total counts the accounts that did.
 */
export function AllAccountsTable({
  accounts,
  range,
}: {
  accounts: readonly AccountView[]
  range: StatsRange
}) {
  const rows = useAllAccounts(accounts, range)
  const answered = rows.flatMap((r) => (r.stats?.data ? [sumStats(r.stats.data)] : []))
  const total: StatsTotals = answered.reduce(
    (t, r) => ({
      downloads: t.downloads + r.downloads,
      views: t.views + r.views,
      profit: t.profit + r.profit,
    }),
    { downloads: 0, views: 0, profit: 0 },
  )
  const balance = rows.reduce((sum, r) => sum + (r.info?.data?.balance ?? 0), 0)

  return (
    <table className="table" aria-label="All accounts">
      <FiguresHead first="Account" figures={['Downloads', 'Views', 'Earned', 'Balance', 'Storage left']} />
      <tbody>
        {rows.map(({ account, info, stats }) => {
          const sums = stats?.data ? sumStats(stats.data) : null
          const failed = stats?.error ?? info?.error
          return (
            <tr key={account.id}>
              <th scope="row">{account.label}</th>
              {failed ? (
                <td colSpan={5} className="muted">
                  Not available: {errorMessage(failed)}
                </td>
              ) : sums === null || !info?.data ? (
                <td colSpan={5}>
                  <Spinner label={`Loading ${account.label}`} />
                </td>
              ) : (
                <FigureCells
                  values={[
                    formatNumber(sums.downloads),
                    formatNumber(sums.views),
                    formatMoney(sums.profit),
                    formatMoney(info.data.balance),
                    info.data.storageLeft === 'unlimited' ? 'Unlimited' : formatSize(info.data.storageLeft),
                  ]}
                />
              )}
            </tr>
          )
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">All accounts</th>
          <FigureCells
            values={[
              formatNumber(total.downloads),
              formatNumber(total.views),
              formatMoney(total.profit),
              formatMoney(balance),
            ]}
          />
          <td />
        </tr>
      </tfoot>
    </table>
  )
}
