import { useQuery } from '@tanstack/react-query'
import { api } from '../../app/bridge.ts'
import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { call } from '../../lib/call.ts'
import { formatHostTime } from '../../lib/dates.ts'
import { formatAgo, formatCount } from '../../lib/format.ts'
import { keys } from '../../lib/query-keys.ts'
import { useAccountId } from '../accounts/use-accounts.ts'

/** Files the host lists as deleted (files/deleted): read-only, most recent first. */
export function DeletedView() {
  const accountId = useAccountId()
  const query = useQuery({
    queryKey: keys.deleted(accountId),
    enabled: accountId !== '',
    queryFn: () => call(api.files.deleted({ accountId })),
    select: (rows) => [...rows].sort((a, b) => a.deletedAgoSec - b.deletedAgoSec),
    // Deletions happen outside Filedock (the API has no delete), so look again whenever the view opens.
    refetchOnMount: 'always',
  })

  return (
    <>
      <ViewToolbar>
        <h1 className="breadcrumb">Deleted files</h1>
        {query.data ? <span className="muted">{formatCount(query.data.length, 'file')}</span> : null}
      </ViewToolbar>
      <div className="content" style={{ overflow: 'auto' }}>
        {query.isPending ? (
          <CenteredSpinner label="Loading deleted files" />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState icon="trash" title="No deleted files">
            Files deleted on the host show up here.
          </EmptyState>
        ) : (
          <table className="table" aria-label="Deleted files">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Code</th>
                <th scope="col">Deleted</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((f) => (
                <tr key={`${f.fileCode}-${f.deleted}`}>
                  <td>{f.name}</td>
                  <td className="mono muted">{f.fileCode}</td>
                  <td className="muted">{formatAgo(f.deletedAgoSec)}</td>
                  <td className="muted">{formatHostTime(f.deleted)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  )
}
