import './watch.css'
import type { WatchActivity, WatchStatus } from '../../../../shared/watch.ts'
import { Icon } from '../../components/Icon.tsx'
import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { formatDateTime } from '../../lib/dates.ts'
import { formatCount } from '../../lib/format.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { AddWatchForm } from './AddWatchForm.tsx'
import { TraySetting } from './TraySetting.tsx'
import { useWatchActions, useWatchList } from './use-watch.ts'
import { ruleTargetLabel } from './watch-target.ts'

/** Watch folders: local folders whose new files go up by themselves. Add, pause, resume, remove, last activity. */
export function WatchView() {
  const list = useWatchList()
  let body: React.ReactNode
  if (list.isPending) body = <CenteredSpinner label="Loading the watch folders" />
  else if (list.error) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />
  else if (list.data.length === 0)
    body = (
      <EmptyState icon="folder" title="No watch folders yet">
        Add a folder: every file that lands in it (and its sub-folders) is uploaded once it has stopped
        changing.
      </EmptyState>
    )
  else
    body = (
      <ul className="watch-list" aria-label="Watch folders">
        {list.data.map((s) => (
          <WatchRow key={s.rule.id} status={s} />
        ))}
      </ul>
    )
  return (
    <>
      <ViewToolbar>
        <h1 className="breadcrumb">Watch folders</h1>
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
  const { rule } = status
  const account = accounts.data?.accounts.find((a) => a.id === rule.accountId)?.label ?? 'an account'
  const paused = rule.paused
  return (
    <li className="watch-row" aria-label={rule.dir}>
      <Icon name="folder" size={16} />
      <div className="watch-main">
        <span className="mono truncate">{rule.dir}</span>
        <span className="muted truncate">
          to {account}, {ruleTargetLabel(rule)}
          {rule.doneDir ? ` · sent files move to ${rule.doneDir}` : ''}
        </span>
        <span className="watch-state" data-state={status.state}>
          {stateText(status)}
        </span>
        <span className="muted">{activityText(status.lastActivity)}</span>
      </div>
      <button
        type="button"
        className="btn"
        disabled={setPaused.isPending}
        onClick={() => setPaused.mutate({ id: rule.id, paused: !paused })}
      >
        <Icon name={paused ? 'play' : 'pause'} size={14} /> {paused ? 'Resume' : 'Pause'}
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Stop watching ${rule.dir}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(rule.id)}
      >
        <Icon name="trash" size={14} />
      </button>
    </li>
  )
}

function stateText(s: WatchStatus): string {
  const sent = `${formatCount(s.sent, 'file')} sent`
  switch (s.state) {
    case 'paused':
      return `Paused · ${sent}`
    case 'error':
      return `Not watching: ${s.problem ?? 'it could not start.'}`
    case 'starting':
      return 'Starting…'
    case 'watching':
      return `Watching · ${sent}${s.pending > 0 ? ` · ${s.pending} on the way` : ''}`
  }
}

function activityText(a: WatchActivity | null): string {
  if (a === null) return 'No activity yet'
  const when = formatDateTime(a.at)
  switch (a.type) {
    case 'sent':
      return `Last sent: ${a.relPath}, ${when}`
    case 'failed':
      return `Last problem: ${a.relPath}: ${a.message} (${when})`
    case 'moved':
      return `Last moved to the Done folder: ${a.relPath}, ${when}`
  }
}
