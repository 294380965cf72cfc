import { useQuery } from '@tanstack/react-query'
import { FormattedMessage, useIntl } from 'react-intl'
import { api } from '../../app/bridge.ts'
import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { call } from '../../lib/call.ts'
import { formatHostTime, hostDateTime } from '../../lib/dates.ts'
import { formatAgo } from '../../lib/format.ts'
import { keys } from '../../lib/query-keys.ts'
import { useAccountId } from '../accounts/use-accounts.ts'

/** Files the host lists as deleted (files/deleted): read-only, most recent first. */
export function DeletedView() {
  const intl = useIntl()
  const accountId = useAccountId()
  const query = useQuery({
    queryKey: keys.deleted(accountId),
    enabled: accountId !== '',
    queryFn: () => call(api.files.deleted({ accountId })),
    select: (rows) => [...rows].sort((a, b) => a.deletedAgoSec - b.deletedAgoSec),
    // Deletions happen outside Filedock (the API has no delete), so look again whenever the view opens.
    refetchOnMount: 'always',
  })
  const title = intl.formatMessage({ id: 'deleted.title', defaultMessage: 'Deleted files' })

  return (
    <>
      <ViewToolbar>
        <h1 className="breadcrumb">{title}</h1>
        {query.data ? (
          <span className="muted">
            <FormattedMessage
              id="deleted.count"
              defaultMessage="{count, plural, one {# file} other {# files}}"
              values={{ count: query.data.length }}
            />
          </span>
        ) : null}
      </ViewToolbar>
      <div className="content" style={{ overflow: 'auto' }}>
        {query.isPending ? (
          <CenteredSpinner
            label={intl.formatMessage({ id: 'deleted.loading', defaultMessage: 'Loading deleted files' })}
          />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState
            icon="trash"
            title={intl.formatMessage({ id: 'deleted.empty.title', defaultMessage: 'No deleted files' })}
          >
            <FormattedMessage
              id="deleted.empty.text"
              defaultMessage="Files deleted on the host show up here."
            />
          </EmptyState>
        ) : (
          <table className="table" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="deleted.column.name" defaultMessage="Name" />
                </th>
                <th scope="col">
                  <FormattedMessage id="deleted.column.code" defaultMessage="Code" />
                </th>
                <th scope="col">
                  <FormattedMessage id="deleted.column.deleted" defaultMessage="Deleted" />
                </th>
                <th scope="col">
                  <FormattedMessage id="deleted.column.when" defaultMessage="When" />
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((f) => (
                <tr key={`${f.fileCode}-${f.deleted}`}>
                  <td translate="no">{f.name}</td>
                  <td className="mono muted" translate="no">
                    {f.fileCode}
                  </td>
                  <td className="muted">
                    <time dateTime={new Date(Date.now() - f.deletedAgoSec * 1000).toISOString()}>
                      {formatAgo(f.deletedAgoSec)}
                    </time>
                  </td>
                  <td className="muted">
                    <time dateTime={hostDateTime(f.deleted)}>{formatHostTime(f.deleted)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  )
}
