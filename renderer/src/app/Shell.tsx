import { lazy, Suspense } from 'react'
import { CenteredSpinner } from '../components/States.tsx'
import { AccountsDialog } from '../features/accounts/AccountsDialog.tsx'
import { useAccountId } from '../features/accounts/use-accounts.ts'
import { DeletedView } from '../features/deleted/DeletedView.tsx'
import { FileView } from '../features/files/FileView.tsx'
import { NewFolderDialog } from '../features/folders/NewFolderDialog.tsx'
import { useUi } from '../state/ui-store.ts'
import { ConnectionBanner } from './ConnectionBanner.tsx'
import { Sidebar } from './Sidebar.tsx'

// recharts is most of the bundle and only the dashboard needs it: load it on first visit.
const DashboardView = lazy(() =>
  import('../features/dashboard/DashboardView.tsx').then((m) => ({ default: m.DashboardView })),
)

/** The window once an account exists: sidebar, the current view, and the app-level dialogs. */
export function Shell() {
  const view = useUi((s) => s.view)
  const dialog = useUi((s) => s.dialog)
  const closeDialog = useUi((s) => s.closeDialog)
  const accountId = useAccountId()

  return (
    <div className="shell">
      <Sidebar />
      <main className="main" aria-label="Content">
        <ConnectionBanner />
        {view.kind === 'files' || view.kind === 'all' ? (
          <FileView key={view.kind} path={view.kind === 'files' ? view.path : null} />
        ) : view.kind === 'deleted' ? (
          <DeletedView />
        ) : (
          <Suspense fallback={<CenteredSpinner label="Loading dashboard" />}>
            <DashboardView />
          </Suspense>
        )}
      </main>
      {dialog?.kind === 'accounts' ? <AccountsDialog onClose={closeDialog} /> : null}
      {dialog?.kind === 'new-folder' ? (
        <NewFolderDialog accountId={accountId} parent={dialog.parent} onClose={closeDialog} />
      ) : null}
    </div>
  )
}
