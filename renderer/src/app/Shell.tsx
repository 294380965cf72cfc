import { lazy, Suspense, useState } from 'react'
import { useIntl } from 'react-intl'
import { CenteredSpinner } from '../components/States.tsx'
import { Toaster } from '../components/Toaster.tsx'
import { ToolbarSlot } from '../components/ViewToolbar.tsx'
import { MoveFailuresNotice } from '../features/dnd/MoveFailuresNotice.tsx'
import { FileView } from '../features/files/FileView.tsx'
import { useLinkCheck } from '../features/link-check/link-check-store.ts'
import { UpdateReadyPrompt } from '../features/updates/UpdateReadyPrompt.tsx'
import { AccountHoldBanner } from '../features/upload/AccountHoldBanner.tsx'
import { ArrivalsDialog } from '../features/upload/ArrivalsDialog.tsx'
import { BatchFinished } from '../features/upload/BatchFinished.tsx'
import { DropZone } from '../features/upload/DropZone.tsx'
import { ProblemsNotice } from '../features/upload/ProblemsNotice.tsx'
import { QueuePanel } from '../features/upload/QueuePanel.tsx'
import { QueuePausedBanner } from '../features/upload/QueuePausedBanner.tsx'
import { TransferAnnouncer } from '../features/upload/TransferAnnouncer.tsx'
import { UploadDialogs } from '../features/upload/UploadDialogs.tsx'
import { useWatchView } from '../features/watch/watch-view-store.ts'
import { afterFirstPaint } from '../lib/after-first-paint.ts'
import { useUi } from '../state/ui-store.ts'
import { ConnectionBanner } from './ConnectionBanner.tsx'
import { Sidebar } from './Sidebar.tsx'
import { useShellKeys } from './use-shell-keys.ts'
import { useSizeUnits } from './use-size-units.ts'

// The views a window does not open at start are loaded on their first visit, so the first paint reads less
// (recharts alone is most of the dashboard's chunk); the files view, where every window starts, stays in.
const DashboardView = lazy(() =>
  import('../features/dashboard/DashboardView.tsx').then((m) => ({ default: m.DashboardView })),
)
const DeletedView = lazy(() =>
  import('../features/deleted/DeletedView.tsx').then((m) => ({ default: m.DeletedView })),
)
const HistoryView = lazy(() =>
  import('../features/history/HistoryView.tsx').then((m) => ({ default: m.HistoryView })),
)
const LinkCheckView = lazy(() =>
  import('../features/link-check/LinkCheckView.tsx').then((m) => ({ default: m.LinkCheckView })),
)
const WatchView = lazy(() =>
  import('../features/watch/WatchView.tsx').then((m) => ({ default: m.WatchView })),
)

// The dialogs no window starts with are read just after the first paint, ready before anyone opens one (the
// local-folder picker also brings the contract's name rule, and so zod).
const AccountsDialog = afterFirstPaint(() =>
  import('../features/accounts/AccountsDialog.tsx').then((m) => m.AccountsDialog),
)
const DownloadDialog = afterFirstPaint(() =>
  import('../features/download/DownloadDialog.tsx').then((m) => m.DownloadDialog),
)
const LocalFolderPicker = afterFirstPaint(() =>
  import('../features/local-folders/LocalFolderPicker.tsx').then((m) => m.LocalFolderPicker),
)
const SettingsDialog = afterFirstPaint(() =>
  import('../features/settings/SettingsDialog.tsx').then((m) => m.SettingsDialog),
)
const VerifyDialog = afterFirstPaint(() =>
  import('../features/history/VerifyDialog.tsx').then((m) => m.VerifyDialog),
)

/**
 * The window once an account exists: sidebar, the current view, the upload queue under it, and the app-level
 * dialogs; files dropped anywhere on the window are uploaded (DropZone).
 */
export function Shell() {
  const view = useUi((s) => s.view)
  const linkCheck = useLinkCheck((s) => s.open)
  const watch = useWatchView((s) => s.open)
  const units = useSizeUnits()
  const intl = useIntl()
  useShellKeys()
  const dialog = useUi((s) => s.dialog)
  const closeDialog = useUi((s) => s.closeDialog)
  const [toolbarSlot, setToolbarSlot] = useState<HTMLElement | null>(null)

  return (
    <ToolbarSlot.Provider value={toolbarSlot}>
      <div className="shell">
        {/* The view's toolbar (ViewToolbar) is drawn here, first in the document: Tab follows the screen. */}
        <div ref={setToolbarSlot} className="toolbar-slot" />
        <Sidebar />
        <main
          className="main"
          aria-label={intl.formatMessage({ id: 'app.shell.content', defaultMessage: 'Content' })}
          key={units}
        >
          <ConnectionBanner />
          <QueuePausedBanner />
          <UpdateReadyPrompt />
          <AccountHoldBanner />
          <div className="view">
            <Suspense
              fallback={
                <CenteredSpinner
                  label={intl.formatMessage({ id: 'app.shell.loadingView', defaultMessage: 'Loading' })}
                />
              }
            >
              {linkCheck ? (
                <LinkCheckView />
              ) : watch ? (
                <WatchView />
              ) : view.kind === 'files' || view.kind === 'all' ? (
                <FileView key={view.kind} path={view.kind === 'files' ? view.path : null} />
              ) : view.kind === 'deleted' ? (
                <DeletedView />
              ) : view.kind === 'history' ? (
                <HistoryView />
              ) : (
                <DashboardView />
              )}
            </Suspense>
          </div>
          {/* Results and notes take their own room above the uploads panel: nothing here ever lies over a control. */}
          <div className="notice-dock">
            {/* Toasts above the card: coming and going, they shorten the list, never move the card's buttons. */}
            <Toaster docked />
            <ProblemsNotice />
            <MoveFailuresNotice />
            <BatchFinished />
          </div>
          <QueuePanel />
          <TransferAnnouncer />
        </main>
        <DropZone />
        <UploadDialogs />
        <ArrivalsDialog />
        <DownloadDialog />
        <VerifyDialog />
        <LocalFolderPicker />
        {dialog?.kind === 'accounts' ? <AccountsDialog onClose={closeDialog} /> : null}
        {dialog?.kind === 'settings' ? <SettingsDialog onClose={closeDialog} /> : null}
      </div>
    </ToolbarSlot.Provider>
  )
}
