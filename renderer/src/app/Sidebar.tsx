import { Icon } from '../components/Icon.tsx'
import { AccountSwitcher } from '../features/accounts/AccountSwitcher.tsx'
import { useAccountId } from '../features/accounts/use-accounts.ts'
import { FolderTree } from '../features/folders/FolderTree.tsx'
import { newFolderInOpenFolder } from '../features/folders/folder-edit-store.ts'
import { useLinkCheck } from '../features/link-check/link-check-store.ts'
import { useReportOpenFolder } from '../features/watch/use-report-open-folder.ts'
import { useWatchView } from '../features/watch/watch-view-store.ts'
import { type Crumb, ROOT, useUi } from '../state/ui-store.ts'

// Outside the files view no folder is highlighted; -1 is never a folder id.
const NONE: Crumb[] = [{ id: -1, name: '' }]

export function Sidebar() {
  const accountId = useAccountId()
  const shown = useUi((s) => s.view)
  const linkCheck = useLinkCheck((s) => s.open)
  const watch = useWatchView((s) => s.open)
  // The link checker and the watch folders take the content area over whatever view was there; only their item
  // is then current.
  const view = linkCheck ? { kind: 'link-check' as const } : watch ? { kind: 'watch' as const } : shown
  const { openFolder, showDeleted, showDashboard, showHistory, openDialog } = useUi.getState()
  const parent = view.kind === 'files' ? (view.path.at(-1) ?? ROOT) : ROOT
  useReportOpenFolder(accountId, view.kind === 'files' ? parent.id : null)

  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="sidebar-section">
        <AccountSwitcher />
      </div>
      <nav className="sidebar-section" aria-label="Library" style={{ paddingTop: 2 }}>
        <button
          type="button"
          className="nav-item"
          aria-current={view.kind === 'all' ? 'page' : undefined}
          onClick={useUi.getState().showAll}
        >
          <Icon name="file" /> All files
        </button>
      </nav>
      <div className="sidebar-heading" style={{ display: 'flex', alignItems: 'center' }}>
        <span style={{ flex: 1 }}>Folders</span>
        <button
          type="button"
          className="icon-btn"
          style={{ width: 22, height: 22 }}
          aria-label={`New folder in ${parent.name}`}
          title="New folder"
          onClick={() => newFolderInOpenFolder()}
        >
          <Icon name="plus" size={14} />
        </button>
      </div>
      <nav className="sidebar-scroll" aria-label="Folders">
        <FolderTree
          accountId={accountId}
          label="Folders"
          selectedPath={view.kind === 'files' ? view.path : NONE}
          onSelect={openFolder}
          editable
        />
      </nav>
      <nav className="sidebar-footer" aria-label="Views">
        <button
          type="button"
          className="nav-item"
          aria-current={view.kind === 'dashboard' ? 'page' : undefined}
          onClick={showDashboard}
        >
          <Icon name="chart" /> Dashboard
        </button>
        <button
          type="button"
          className="nav-item"
          aria-current={view.kind === 'history' ? 'page' : undefined}
          onClick={showHistory}
        >
          <Icon name="history" /> Upload history
        </button>
        <button
          type="button"
          className="nav-item"
          aria-current={view.kind === 'link-check' ? 'page' : undefined}
          onClick={() => useLinkCheck.getState().show()}
        >
          <Icon name="link" /> Link checker
        </button>
        <button
          type="button"
          className="nav-item"
          aria-current={view.kind === 'watch' ? 'page' : undefined}
          onClick={() => useWatchView.getState().show()}
        >
          <Icon name="folder" /> Watch folders
        </button>
        <button
          type="button"
          className="nav-item"
          aria-current={view.kind === 'deleted' ? 'page' : undefined}
          onClick={showDeleted}
        >
          <Icon name="trash" /> Deleted files
        </button>
        <button type="button" className="nav-item" onClick={() => openDialog({ kind: 'accounts' })}>
          <Icon name="settings" /> Accounts
        </button>
      </nav>
    </aside>
  )
}
