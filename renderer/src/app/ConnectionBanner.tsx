import { useQueryClient } from '@tanstack/react-query'
import { FormattedMessage } from 'react-intl'
import { common } from '../components/common-messages.ts'
import { Icon } from '../components/Icon.tsx'
import { useAccountEdit } from '../features/accounts/account-edit-store.ts'
import { useActiveAccount } from '../features/accounts/use-accounts.ts'
import { useConnection } from '../state/connection-store.ts'
import { useUi } from '../state/ui-store.ts'

/**
 * Main unreachable (browser host restarting) → reconnecting; the host unreachable → offline banner with retry;
 * the active account's key refused → "Fix key", which opens that account's Edit dialog in the key field. Only
 * the active account's own calls raise it: a key refused while adding or editing another account stays in its form.
 */
export function ConnectionBanner() {
  const problem = useConnection((s) => s.problem)
  const link = useConnection((s) => s.link)
  const qc = useQueryClient()
  const openDialog = useUi((s) => s.openDialog)
  const active = useActiveAccount()
  if (link === 'closed') {
    return (
      <div className="banner banner-warning" role="alert">
        <span className="spinner" aria-hidden="true" />
        <span>
          <FormattedMessage
            id="app.connection.reconnecting"
            defaultMessage="Lost the connection to Filedock — reconnecting…"
          />
        </span>
      </div>
    )
  }
  if (!problem) return null

  if (problem.kind === 'auth') {
    return (
      <div className="banner banner-danger" role="alert">
        <Icon name="key" />
        <span>
          <FormattedMessage
            id="app.connection.keyRefused"
            defaultMessage="{error} Enter a valid API key for this account."
            values={{ error: problem.message }}
          />
        </span>
        <button
          type="button"
          className="btn"
          onClick={() => {
            if (active) useAccountEdit.getState().edit(active.id, 'apiKey')
            openDialog({ kind: 'accounts' })
          }}
        >
          <FormattedMessage id="app.connection.fixKey" defaultMessage="Fix key" />
        </button>
      </div>
    )
  }
  return (
    <div className="banner banner-warning" role="alert">
      <Icon name="wifiOff" />
      <span>
        <FormattedMessage
          id="app.connection.offline"
          defaultMessage="Offline — {error}"
          values={{ error: problem.message }}
        />
      </span>
      <button
        type="button"
        className="btn"
        onClick={() => {
          useConnection.getState().report(null)
          void qc.refetchQueries({ type: 'active' })
        }}
      >
        <Icon name="refresh" size={14} /> <FormattedMessage {...common.retry} />
      </button>
    </div>
  )
}
