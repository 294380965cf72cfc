import './watch.css'
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl'
import type { WatchActivity, WatchStatus } from '../../../../shared/watch.ts'
import { Icon } from '../../components/Icon.tsx'
import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { errorMessage } from '../../lib/call.ts'
import { formatDateTime } from '../../lib/dates.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { AddWatchForm } from './AddWatchForm.tsx'
import { TraySetting } from './TraySetting.tsx'
import { useWatchActions, useWatchList } from './use-watch.ts'
import { ruleTargetLabel } from './watch-target.ts'

/** Watch folders: local folders whose new files go up by themselves. Add, pause, resume, remove, last activity. */
export function WatchView() {
  const list = useWatchList()
  const intl = useIntl()
  let body: React.ReactNode
  if (list.isPending)
    body = (
      <CenteredSpinner
        label={intl.formatMessage({ id: 'watch.view.loading', defaultMessage: 'Loading the watch folders' })}
      />
    )
  else if (list.error) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />
  else if (list.data.length === 0)
    body = (
      <EmptyState
        icon="folder"
        title={intl.formatMessage({ id: 'watch.view.emptyTitle', defaultMessage: 'No watch folders yet' })}
      >
        <FormattedMessage
          id="watch.view.emptyText"
          defaultMessage="Add a folder: every file that lands in it (and its sub-folders) is uploaded once it has stopped changing."
        />
      </EmptyState>
    )
  else
    body = (
      <ul
        className="watch-list"
        aria-label={intl.formatMessage({ id: 'watch.view.listLabel', defaultMessage: 'Watch folders' })}
      >
        {list.data.map((s) => (
          <WatchRow key={s.rule.id} status={s} />
        ))}
      </ul>
    )
  return (
    <>
      <ViewToolbar>
        <h1 className="breadcrumb">
          <FormattedMessage id="watch.view.title" defaultMessage="Watch folders" />
        </h1>
      </ViewToolbar>
      <div className="content watch-content">
        <TraySetting />
        <AddWatchForm />
        {body}
      </div>
    </>
  )
}

function WatchRow({ status }: { status: WatchStatus }) {
  const { setPaused, remove } = useWatchActions()
  const accounts = useAccounts()
  const intl = useIntl()
  const { rule } = status
  const account =
    accounts.data?.accounts.find((a) => a.id === rule.accountId)?.label ??
    intl.formatMessage({ id: 'watch.row.anAccount', defaultMessage: 'an account' })
  const paused = rule.paused
  const data = (text: string) => <span translate="no">{text}</span>
  return (
    <li className="watch-row" aria-label={rule.dir}>
      <Icon name="folder" size={16} />
      <div className="watch-main">
        <span className="mono truncate" translate="no">
          {rule.dir}
        </span>
        <span className="muted truncate">
          {rule.doneDir ? (
            <FormattedMessage
              id="watch.row.targetDone"
              defaultMessage="to {account}, {folder} · sent files move to {doneDir}"
              values={{
                account: data(account),
                folder: data(ruleTargetLabel(intl, rule)),
                doneDir: data(rule.doneDir),
              }}
            />
          ) : (
            <FormattedMessage
              id="watch.row.target"
              defaultMessage="to {account}, {folder}"
              values={{ account: data(account), folder: data(ruleTargetLabel(intl, rule)) }}
            />
          )}
        </span>
        <span className="watch-state" data-state={status.state}>
          {stateText(intl, status, data)}
        </span>
        <span className="muted">{activityText(intl, status.lastActivity, data)}</span>
      </div>
      <button
        type="button"
        className="btn"
        disabled={setPaused.isPending}
        onClick={() => setPaused.mutate({ id: rule.id, paused: !paused })}
      >
        <Icon name={paused ? 'play' : 'pause'} size={14} />{' '}
        {paused ? (
          <FormattedMessage id="watch.row.resume" defaultMessage="Resume" />
        ) : (
          <FormattedMessage id="watch.row.pause" defaultMessage="Pause" />
        )}
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={intl.formatMessage(
          { id: 'watch.row.remove', defaultMessage: 'Stop watching {dir}' },
          { dir: rule.dir },
        )}
        disabled={remove.isPending}
        onClick={() => remove.mutate(rule.id)}
      >
        <Icon name="trash" size={14} />
      </button>
    </li>
  )
}

type Data = (text: string) => React.ReactNode

function stateText(intl: IntlShape, s: WatchStatus, data: Data): React.ReactNode {
  switch (s.state) {
    case 'paused':
      return intl.formatMessage(
        {
          id: 'watch.state.paused',
          defaultMessage: 'Paused · {sent, plural, one {# file sent} other {# files sent}}',
        },
        { sent: s.sent },
      )
    case 'error':
      return s.problem
        ? intl.formatMessage(
            { id: 'watch.state.error', defaultMessage: 'Not watching: {problem}' },
            { problem: data(s.problemError ? errorMessage(s.problemError) : s.problem) },
          )
        : intl.formatMessage({
            id: 'watch.state.errorUnknown',
            defaultMessage: 'Not watching: it could not start.',
          })
    case 'starting':
      return intl.formatMessage({ id: 'watch.state.starting', defaultMessage: 'Starting…' })
    case 'watching':
      return s.pending > 0
        ? intl.formatMessage(
            {
              id: 'watch.state.watchingPending',
              defaultMessage:
                'Watching · {sent, plural, one {# file sent} other {# files sent}} · {pending, number} on the way',
            },
            { sent: s.sent, pending: s.pending },
          )
        : intl.formatMessage(
            {
              id: 'watch.state.watching',
              defaultMessage: 'Watching · {sent, plural, one {# file sent} other {# files sent}}',
            },
            { sent: s.sent },
          )
  }
}

function activityText(intl: IntlShape, a: WatchActivity | null, data: Data): React.ReactNode {
  if (a === null) return intl.formatMessage({ id: 'watch.activity.none', defaultMessage: 'No activity yet' })
  const when = <time dateTime={new Date(a.at).toISOString()}>{formatDateTime(a.at)}</time>
  switch (a.type) {
    case 'sent':
      return intl.formatMessage(
        { id: 'watch.activity.sent', defaultMessage: 'Last sent: {path}, {when}' },
        { path: data(a.relPath), when },
      )
    case 'failed':
      return intl.formatMessage(
        { id: 'watch.activity.failed', defaultMessage: 'Last problem: {path}: {message} ({when})' },
        { path: data(a.relPath), message: data(a.error ? errorMessage(a.error) : a.message), when },
      )
    case 'moved':
      return intl.formatMessage(
        { id: 'watch.activity.moved', defaultMessage: 'Last moved to the Done folder: {path}, {when}' },
        { path: data(a.relPath), when },
      )
  }
}
