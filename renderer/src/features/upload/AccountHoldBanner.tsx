import { FormattedMessage } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { errorMessage } from '../../lib/call.ts'
import { useQueue } from '../../state/queue-store.ts'

/**
 * Accounts whose uploads wait for a time their host set (a lock-out: "try again in 60 minutes"): their items stay
 * queued, nothing fails, and the other accounts' uploads go on. Main's message names the account and the time.
 */
export function AccountHoldBanner() {
  const held = useQueue((s) => s.held)
  if (held.length === 0) return null
  return (
    <>
      {held.map((h) => (
        <div key={h.accountId} className="banner banner-warning" role="status" data-testid="account-held">
          <Icon name="pause" />
          <span>
            <FormattedMessage
              id="upload.held.message"
              defaultMessage="Uploads waiting. {message}"
              values={{ message: <span translate="no">{errorMessage(h)}</span> }}
            />
          </span>
        </div>
      ))}
    </>
  )
}
