import { Icon, type IconName } from '../components/Icon.tsx'
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
        <NavItem current={view.kind === 'all'} onClick={useUi.getState().showAll} icon="file">
          All files
        </NavItem>
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
        <NavItem current={view.kind === 'dashboard'} onClick={showDashboard} icon="chart">
          Dashboard
        </NavItem>
        <NavItem current={view.kind === 'history'} onClick={showHistory} icon="history">
          Upload history
        </NavItem>
        <NavItem
          current={view.kind === 'link-check'}
          onClick={() => useLinkCheck.getState().show()}
          icon="link"
        >
          Link checker
        </NavItem>
        <NavItem current={view.kind === 'watch'} onClick={() => useWatchView.getState().show()} icon="folder">
          Watch folders
        </NavItem>
        <NavItem current={view.kind === 'deleted'} onClick={showDeleted} icon="trash">
          Deleted files
        </NavItem>
        <NavItem current={false} onClick={() => openDialog({ kind: 'accounts' })} icon="user">
          Accounts
        </NavItem>
        <NavItem current={false} onClick={() => openDialog({ kind: 'settings' })} icon="settings">
          Settings
        </NavItem>
      </nav>
    </aside>
  )
}

/** One entry of the sidebar's navigation: the view it shows is marked as the current page. */
function NavItem(props: { current: boolean; onClick: () => void; icon: IconName; children: string }) {
  return (
    <button
      type="button"
      className="nav-item"
      aria-current={props.current ? 'page' : undefined}
      onClick={props.onClick}
    >
      <Icon name={props.icon} /> {props.children}
    </button>
  )
}
