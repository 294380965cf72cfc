import { Icon } from '../../components/Icon.tsx'
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
  if (paused.reason === 'auth') {
    return (
      <div className="banner banner-danger" role="alert" data-testid="queue-paused">
        <Icon name="key" />
        <span>Transfers paused: {paused.message}</span>
        <button type="button" className="btn" onClick={() => openDialog({ kind: 'accounts' })}>
          Fix key
        </button>
        <button
          type="button"
          className="btn"
          style={{ marginLeft: 0 }}
          onClick={() => void queueActions.resumeAll()}
        >
          Resume
        </button>
      </div>
    )
  }
  if (paused.reason === 'offline') {
    return (
      <div className="banner banner-warning" role="status" data-testid="queue-paused">
        <span className="spinner" aria-hidden="true" />
        <span>Waiting for the host… {paused.message}</span>
        <button type="button" className="btn" onClick={() => void queueActions.resumeAll()}>
          Try now
        </button>
      </div>
    )
  }
  return (
    <div className="banner banner-info" role="status" data-testid="queue-paused">
      <Icon name="pause" />
      <span>Transfers are paused. {paused.message}</span>
      <button type="button" className="btn" onClick={() => void queueActions.resumeAll()}>
        <Icon name="play" size={12} /> Resume transfers
      </button>
    </div>
  )
}
