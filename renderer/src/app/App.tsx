import { useIntl } from 'react-intl'
import { CenteredSpinner, ErrorState } from '../components/States.tsx'
import { Toaster } from '../components/Toaster.tsx'
import { useAccounts, useActiveAccount } from '../features/accounts/use-accounts.ts'
import { FirstRun } from '../features/first-run/FirstRun.tsx'
import { Shell } from './Shell.tsx'

/** First run until an account is active; then the shell, remounted per account so no view state leaks across. */
export function App() {
  const accounts = useAccounts()
  const active = useActiveAccount()
  const intl = useIntl()
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
