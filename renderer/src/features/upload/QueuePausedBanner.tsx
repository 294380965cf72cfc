import { FormattedMessage } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { errorMessage } from '../../lib/call.ts'
import { useQueue } from '../../state/queue-store.ts'
import { useUi } from '../../state/ui-store.ts'
import { queueActions } from './use-queue-actions.ts'

/**
 * Why the transfers (uploads and downloads, one queue) are not moving: the user paused it; a key was refused (fix
 * it, then resume); or a host is unreachable (the queue probes and resumes by itself).
 */
export function QueuePausedBanner() {
  const paused = useQueue((s) => s.paused)
  const openDialog = useUi((s) => s.openDialog)
  if (!paused) return null
  const reason = errorMessage(paused)
  if (paused.reason === 'auth') {
    return (
      <div className="banner banner-danger" role="alert" data-testid="queue-paused">
        <Icon name="key" />
        <span>
          <FormattedMessage
            id="upload.paused.auth"
            defaultMessage="Transfers paused: {message}"
            values={{ message: <span translate="no">{reason}</span> }}
          />
        </span>
        <button type="button" className="btn" onClick={() => openDialog({ kind: 'accounts' })}>
          <FormattedMessage id="upload.paused.fixKey" defaultMessage="Fix key" />
        </button>
        <button
          type="button"
          className="btn"
          style={{ marginLeft: 0 }}
          onClick={() => void queueActions.resumeAll()}
        >
          <FormattedMessage id="upload.paused.resume" defaultMessage="Resume" />
        </button>
      </div>
    )
  }
  if (paused.reason === 'offline') {
    return (
      <div className="banner banner-warning" role="status" data-testid="queue-paused">
        <span className="spinner" aria-hidden="true" />
        <span>
          <FormattedMessage
            id="upload.paused.offline"
            defaultMessage="Waiting for the host… {message}"
            values={{ message: <span translate="no">{reason}</span> }}
          />
        </span>
        <button type="button" className="btn" onClick={() => void queueActions.resumeAll()}>
          <FormattedMessage id="upload.paused.tryNow" defaultMessage="Try now" />
        </button>
      </div>
    )
  }
  return (
    <div className="banner banner-info" role="status" data-testid="queue-paused">
      <Icon name="pause" />
      <span>
        <FormattedMessage
          id="upload.paused.user"
          defaultMessage="Transfers are paused. {message}"
          values={{ message: <span translate="no">{reason}</span> }}
        />
      </span>
      <button type="button" className="btn" onClick={() => void queueActions.resumeAll()}>
        <Icon name="play" size={12} />{' '}
        <FormattedMessage id="upload.paused.resumeTransfers" defaultMessage="Resume transfers" />
      </button>
    </div>
  )
}
