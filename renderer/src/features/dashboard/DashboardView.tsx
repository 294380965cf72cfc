import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { formatNumber } from '../../lib/format.ts'
import { useAccountId } from '../accounts/use-accounts.ts'
import { AccountCards } from './AccountCards.tsx'
import { DOWNLOADS_COLOR, StatsChart, VIEWS_COLOR } from './StatsChart.tsx'
import { StatsTable } from './StatsTable.tsx'
import { useAccountInfo, useAccountStats } from './use-dashboard.ts'

export function DashboardView() {
  const accountId = useAccountId()
  const info = useAccountInfo(accountId)
  const stats = useAccountStats(accountId)
  const totals = (stats.data ?? []).reduce(
    (t, r) => ({ downloads: t.downloads + r.downloads, views: t.views + r.views }),
    { downloads: 0, views: 0 },
  )

  return (
    <>
      <header className="toolbar">
        <h1 className="breadcrumb">Dashboard</h1>
      </header>
      <div className="page">
        {info.isPending ? (
          <CenteredSpinner label="Loading account" />
        ) : info.isError ? (
          <ErrorState error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <AccountCards info={info.data} />
        )}
        <section className="panel" aria-labelledby="stats-title">
          <div className="panel-header">
            <h2 className="panel-title" id="stats-title">
              Downloads and views
            </h2>
            <div className="legend">
              <span>
                <i style={{ background: DOWNLOADS_COLOR }} />
                Downloads {formatNumber(totals.downloads)}
              </span>
              <span>
                <i style={{ background: VIEWS_COLOR }} />
                Views {formatNumber(totals.views)}
              </span>
            </div>
          </div>
          {stats.isPending ? (
            <CenteredSpinner label="Loading statistics" />
          ) : stats.isError ? (
            <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
          ) : stats.data.length === 0 ? (
            <EmptyState icon="chart" title="No statistics yet" />
          ) : (
            <>
              <StatsChart rows={stats.data} />
              <StatsTable rows={stats.data} />
            </>
          )}
        </section>
      </div>
    </>
  )
}
