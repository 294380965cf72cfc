import { useIntl } from 'react-intl'
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
  const intl = useIntl()
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
  const folders = intl.formatMessage({ id: 'app.sidebar.folders', defaultMessage: 'Folders' })

  return (
    <aside
      className="sidebar"
      aria-label={intl.formatMessage({ id: 'app.sidebar.label', defaultMessage: 'Sidebar' })}
    >
      <div className="sidebar-section">
        <AccountSwitcher />
      </div>
      <nav
        className="sidebar-section"
        aria-label={intl.formatMessage({ id: 'app.sidebar.library', defaultMessage: 'Library' })}
        style={{ paddingTop: 2 }}
      >
        <NavItem current={view.kind === 'all'} onClick={useUi.getState().showAll} icon="file">
          {intl.formatMessage({ id: 'app.sidebar.allFiles', defaultMessage: 'All files' })}
        </NavItem>
      </nav>
      <div className="sidebar-heading" style={{ display: 'flex', alignItems: 'center' }}>
        <span style={{ flex: 1 }}>{folders}</span>
        <button
          type="button"
          className="icon-btn"
          style={{ width: 22, height: 22 }}
          aria-label={
            parent.id === ROOT.id
              ? intl.formatMessage({
                  id: 'app.sidebar.newFolderInRoot',
                  defaultMessage: 'New folder in My files',
                })
              : intl.formatMessage(
                  { id: 'app.sidebar.newFolderIn', defaultMessage: 'New folder in {folder}' },
                  { folder: parent.name },
                )
          }
          title={intl.formatMessage({ id: 'app.sidebar.newFolder', defaultMessage: 'New folder' })}
          onClick={() => newFolderInOpenFolder()}
        >
          <Icon name="plus" size={14} />
        </button>
      </div>
      <nav className="sidebar-scroll" aria-label={folders}>
        <FolderTree
          accountId={accountId}
          label={folders}
          selectedPath={view.kind === 'files' ? view.path : NONE}
          onSelect={openFolder}
          editable
        />
      </nav>
      <nav
        className="sidebar-footer"
        aria-label={intl.formatMessage({ id: 'app.sidebar.views', defaultMessage: 'Views' })}
      >
        <NavItem current={view.kind === 'dashboard'} onClick={showDashboard} icon="chart">
          {intl.formatMessage({ id: 'app.sidebar.dashboard', defaultMessage: 'Dashboard' })}
        </NavItem>
        <NavItem current={view.kind === 'history'} onClick={showHistory} icon="history">
          {intl.formatMessage({ id: 'app.sidebar.history', defaultMessage: 'Upload history' })}
        </NavItem>
        <NavItem
          current={view.kind === 'link-check'}
          onClick={() => useLinkCheck.getState().show()}
          icon="link"
        >
          {intl.formatMessage({ id: 'app.sidebar.linkChecker', defaultMessage: 'Link checker' })}
        </NavItem>
        <NavItem current={view.kind === 'watch'} onClick={() => useWatchView.getState().show()} icon="folder">
          {intl.formatMessage({ id: 'app.sidebar.watchFolders', defaultMessage: 'Watch folders' })}
        </NavItem>
        <NavItem current={view.kind === 'deleted'} onClick={showDeleted} icon="trash">
          {intl.formatMessage({ id: 'app.sidebar.deletedFiles', defaultMessage: 'Deleted files' })}
        </NavItem>
        <NavItem current={false} onClick={() => openDialog({ kind: 'accounts' })} icon="user">
          {intl.formatMessage({ id: 'app.sidebar.accounts', defaultMessage: 'Accounts' })}
        </NavItem>
        <NavItem current={false} onClick={() => openDialog({ kind: 'settings' })} icon="settings">
          {intl.formatMessage({ id: 'app.sidebar.settings', defaultMessage: 'Settings' })}
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
