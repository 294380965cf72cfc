import { FormattedMessage, useIntl } from 'react-intl'
import type { AccountView } from '../../../../shared/accounts.ts'
import { common } from '../../components/common-messages.ts'
import { Spinner } from '../../components/States.tsx'
import { errorMessage } from '../../lib/call.ts'
import { formatNumber, formatSize } from '../../lib/format.ts'
import { type StatsTotals, sumStats } from './dashboard-math.ts'
import { figures } from './dashboard-messages.ts'
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
  const intl = useIntl()
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
    <table className="table" aria-label={intl.formatMessage(figures.allAccounts)}>
      <FiguresHead
        first={intl.formatMessage({ id: 'dashboard.allAccounts.account', defaultMessage: 'Account' })}
        figures={[
          intl.formatMessage(figures.downloads),
          intl.formatMessage(figures.views),
          intl.formatMessage({ id: 'dashboard.allAccounts.earned', defaultMessage: 'Earned' }),
          intl.formatMessage(figures.balance),
          intl.formatMessage(figures.storageLeft),
        ]}
      />
      <tbody>
        {rows.map(({ account, info, stats }) => {
          const sums = stats?.data ? sumStats(stats.data) : null
          const failed = stats?.error ?? info?.error
          return (
            <tr key={account.id}>
              <th scope="row" translate="no">
                {account.label}
              </th>
              {failed ? (
                <td colSpan={5} className="muted">
                  <FormattedMessage
                    id="dashboard.allAccounts.notAvailable"
                    defaultMessage="Not available: {error}"
                    values={{ error: errorMessage(failed) }}
                  />
                </td>
              ) : sums === null || !info?.data ? (
                <td colSpan={5}>
                  <Spinner
                    label={intl.formatMessage(
                      { id: 'dashboard.allAccounts.loading', defaultMessage: 'Loading {account}' },
                      { account: account.label },
                    )}
                  />
                </td>
              ) : (
                <FigureCells
                  values={[
                    formatNumber(sums.downloads),
                    formatNumber(sums.views),
                    formatMoney(sums.profit),
                    formatMoney(info.data.balance),
                    info.data.storageLeft === 'unlimited'
                      ? intl.formatMessage(common.unlimited)
                      : formatSize(info.data.storageLeft),
                  ]}
                />
              )}
            </tr>
          )
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">
            <FormattedMessage {...figures.allAccounts} />
          </th>
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
