import { useQueryClient } from '@tanstack/react-query'
import { Icon } from '../components/Icon.tsx'
import { useConnection } from '../state/connection-store.ts'
import { useUi } from '../state/ui-store.ts'

/**
 * Main unreachable (browser host restarting) → reconnecting; the host unreachable → offline banner with retry;
 * a refused key → a prompt to fix it in the accounts dialog.
 */
export function ConnectionBanner() {
  const problem = useConnection((s) => s.problem)
  const link = useConnection((s) => s.link)
  const qc = useQueryClient()
  const openDialog = useUi((s) => s.openDialog)
  if (link === 'closed') {
    return (
      <div className="banner banner-warning" role="alert">
        <span className="spinner" aria-hidden="true" />
        <span>Lost the connection to Filedock — reconnecting…</span>
      </div>
    )
  }
  if (!problem) return null

  if (problem.kind === 'auth') {
    return (
      <div className="banner banner-danger" role="alert">
        <Icon name="key" />
        <span>{problem.message} Add the account again with a valid API key.</span>
        <button type="button" className="btn" onClick={() => openDialog({ kind: 'accounts' })}>
          Fix key
        </button>
      </div>
    )
  }
  return (
    <div className="banner banner-warning" role="alert">
      <Icon name="wifiOff" />
      <span>Offline — {problem.message}</span>
      <button
        type="button"
        className="btn"
        onClick={() => {
          useConnection.getState().report(null)
          void qc.refetchQueries({ type: 'active' })
        }}
      >
        <Icon name="refresh" size={14} /> Retry
      </button>
    </div>
  )
}
