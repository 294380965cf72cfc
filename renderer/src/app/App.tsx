import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { CenteredSpinner, ErrorState } from '../components/States.tsx'
import { Toaster } from '../components/Toaster.tsx'
import { useAccounts, useActiveAccount } from '../features/accounts/use-accounts.ts'
import { FirstRun } from '../features/first-run/FirstRun.tsx'
import { firstPaintDone } from '../lib/after-first-paint.ts'
import { Shell } from './Shell.tsx'

/** First run until an account is active; then the shell, remounted per account so no view state leaks across. */
export function App() {
  const accounts = useAccounts()
  const active = useActiveAccount()
  const intl = useIntl()
  // Past the spinner, the window has painted what it starts with: what waited for that may load now.
  useEffect(() => {
    if (!accounts.isPending) firstPaintDone()
  }, [accounts.isPending])
  let screen: React.ReactNode
  if (accounts.isPending)
    screen = (
      <div className="loading-screen">
        <CenteredSpinner label={intl.formatMessage({ id: 'app.starting', defaultMessage: 'Starting' })} />
      </div>
    )
  else if (accounts.isError)
    screen = <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />
  else if (!active) screen = <FirstRun />
  else screen = <Shell key={active.id} />
  return (
    <>
      {screen}
      <Toaster />
    </>
  )
}
