import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { formatNumber } from '../../lib/format.ts'
import { useAccountId, useAccounts } from '../accounts/use-accounts.ts'
import { AccountCards } from './AccountCards.tsx'
import { AllAccountsTable } from './AllAccountsTable.tsx'
import { sumStats } from './dashboard-math.ts'
import { figures } from './dashboard-messages.ts'
import { PremiumWarning } from './PremiumWarning.tsx'
import { RangeSwitch } from './RangeSwitch.tsx'
import { DOWNLOADS_COLOR, StatsChart, VIEWS_COLOR } from './StatsChart.tsx'
import { StatsTable } from './StatsTable.tsx'
import { StorageBar } from './StorageBar.tsx'
import { useCountedStorage } from './use-counted-storage.ts'
import { type StatsRange, useAccountInfo, useAccountStats, useAllAccounts } from './use-dashboard.ts'

/**
 * The active account's numbers (cards, storage, every day the host returns in the chosen range), warnings for
 * any account whose premium is about to end, and every account side by side with totals.
 */
export function DashboardView() {
  const intl = useIntl()
  const accountId = useAccountId()
  const accounts = useAccounts().data?.accounts ?? []
  const [range, setRange] = useState<StatsRange>('7')
  const info = useAccountInfo(accountId)
  const counted = useCountedStorage(accountId, info.data?.storageUsed === null)
  const stats = useAccountStats(accountId, range)
  const all = useAllAccounts(accounts, range)
  const totals = sumStats(stats.data ?? [])
  const now = new Date()

  return (
    <>
      <ViewToolbar>
        <h1 className="breadcrumb">
          <FormattedMessage id="dashboard.title" defaultMessage="Dashboard" />
        </h1>
        <RangeSwitch value={range} onChange={setRange} />
      </ViewToolbar>
      <div className="page">
        {all.map(({ account, info: i }) =>
          i?.data ? <PremiumWarning key={account.id} label={account.label} info={i.data} now={now} /> : null,
        )}
        {info.isPending ? (
          <CenteredSpinner
            label={intl.formatMessage({ id: 'dashboard.loadingAccount', defaultMessage: 'Loading account' })}
          />
        ) : info.isError ? (
          <ErrorState error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <>
            <AccountCards info={info.data} counted={counted} />
            <StorageBar info={info.data} counted={counted} />
          </>
        )}
        <section className="panel" aria-labelledby="stats-title">
          <div className="panel-header">
            <h2 className="panel-title" id="stats-title">
              <FormattedMessage id="dashboard.stats.title" defaultMessage="Downloads and views" />
            </h2>
            <div className="legend">
              <span>
                <i style={{ background: DOWNLOADS_COLOR }} />
                <FormattedMessage
                  id="dashboard.legend.downloads"
                  defaultMessage="Downloads {count}"
                  values={{ count: formatNumber(totals.downloads) }}
                />
              </span>
              <span>
                <i style={{ background: VIEWS_COLOR }} />
                <FormattedMessage
                  id="dashboard.legend.views"
                  defaultMessage="Views {count}"
                  values={{ count: formatNumber(totals.views) }}
                />
              </span>
            </div>
          </div>
          {stats.isPending ? (
            <CenteredSpinner
              label={intl.formatMessage({
                id: 'dashboard.loadingStats',
                defaultMessage: 'Loading statistics',
              })}
            />
          ) : stats.isError ? (
            <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
          ) : stats.data.length === 0 ? (
            <EmptyState
              icon="chart"
              title={intl.formatMessage({ id: 'dashboard.noStats', defaultMessage: 'No statistics yet' })}
            />
          ) : (
            <>
              <StatsChart rows={stats.data} />
              <StatsTable rows={stats.data} />
            </>
          )}
        </section>
        <section className="panel" aria-labelledby="all-accounts-title">
          <div className="panel-header">
            <h2 className="panel-title" id="all-accounts-title">
              <FormattedMessage {...figures.allAccounts} />
            </h2>
          </div>
          <AllAccountsTable accounts={accounts} range={range} />
        </section>
      </div>
    </>
  )
}
