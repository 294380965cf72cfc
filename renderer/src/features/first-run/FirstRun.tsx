import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { AddAccountForm } from '../accounts/AddAccountForm.tsx'
import { useAccountActions } from '../accounts/use-account-actions.ts'

/** Shown while there is no account: connect a real host, or try the built-in offline sandbox. */
export function FirstRun() {
  const [adding, setAdding] = useState(false)
  const { tryOffline } = useAccountActions()

  return (
    <main className="first-run">
      <div className="first-run-card">
        <span className="logo" aria-hidden="true">
          <Icon name="cloud" size={30} />
        </span>
        <h1>
          <FormattedMessage id="firstRun.welcome" defaultMessage="Welcome to Filedock" />
        </h1>
        <p>
          <FormattedMessage
            id="firstRun.intro"
            defaultMessage="Browse, rename, move and share the files of your file-hosting accounts."
          />
        </p>
        {adding ? (
          <div style={{ textAlign: 'start' }}>
            <AddAccountForm onCancel={() => setAdding(false)} />
          </div>
        ) : (
          <div className="first-run-actions">
            <button type="button" className="btn btn-primary btn-lg" onClick={() => setAdding(true)}>
              <Icon name="plus" />{' '}
              <FormattedMessage id="firstRun.addAccount" defaultMessage="Add an account" />
            </button>
            <button
              type="button"
              className="btn btn-lg"
              onClick={() => tryOffline.mutate()}
              disabled={tryOffline.isPending}
            >
              {tryOffline.isPending ? (
                <span className="spinner" aria-hidden="true" />
              ) : (
                <Icon name="wifiOff" />
              )}
              <FormattedMessage id="firstRun.tryOffline" defaultMessage="Try it offline" />
            </button>
          </div>
        )}
      </div>
    </main>
  )
}
