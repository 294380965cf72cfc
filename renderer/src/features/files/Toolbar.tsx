import { FormattedMessage, useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { SearchBox } from '../../components/SearchBox.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { type Crumb, useUi } from '../../state/ui-store.ts'
import { crumbName } from '../folders/folder-words.ts'
import { UploadMenu } from '../upload/UploadMenu.tsx'
import { DetailsToggle } from './DetailsToggle.tsx'
import { fileGrid } from './file-grid.ts'
import { type SearchScope, usePane } from './pane-store.ts'

/**
 * Breadcrumb of the open folder (a title for all files, path null), search and where it looks, refresh, list/grid
 * toggle, upload menu.
 */
export function Toolbar({ path, onRefresh }: { path: Crumb[] | null; onRefresh: () => void }) {
  const intl = useIntl()
  const openFolder = useUi((s) => s.openFolder)
  const searchScope = usePane((s) => s.searchScope)
  const setSearchScope = usePane((s) => s.setSearchScope)
  const search = useUi((s) => s.search)
  const setSearch = useUi((s) => s.setSearch)
  const viewMode = useUi((s) => s.viewMode)
  const setViewMode = useUi((s) => s.setViewMode)

  return (
    <ViewToolbar>
      {path === null ? (
        <h1 className="breadcrumb">
          <FormattedMessage id="files.toolbar.allFiles" defaultMessage="All files" />
        </h1>
      ) : (
        <nav
          aria-label={intl.formatMessage({ id: 'files.toolbar.path', defaultMessage: 'Folder path' })}
          style={{ flex: 1, minWidth: 0 }}
        >
          <ol className="breadcrumb">
            {path.map((crumb, i) => {
              const last = i === path.length - 1
              return (
                <li key={crumb.id}>
                  {i > 0 ? (
                    <span className="sep" aria-hidden="true">
                      <Icon name="chevronRight" size={14} />
                    </span>
                  ) : null}
                  <button
                    type="button"
                    className="truncate"
                    aria-current={last ? 'page' : undefined}
                    translate={crumb.id === 0 ? undefined : 'no'}
                    onClick={() => openFolder(path.slice(0, i + 1))}
                  >
                    {crumbName(crumb, intl)}
                  </button>
                </li>
              )
            })}
          </ol>
        </nav>
      )}
      <SearchBox
        value={search}
        onChange={setSearch}
        placeholder={intl.formatMessage({
          id: 'files.toolbar.searchPlaceholder',
          defaultMessage: 'Search by name',
        })}
        label={intl.formatMessage({
          id: 'files.toolbar.searchLabel',
          defaultMessage: 'Search files by name',
        })}
        // Esc clears the search and gives the list the keyboard back. After "No matches" there is no list yet:
        // the box lets go of the keyboard, and the list takes it as it mounts (FilePane).
        onEscape={() => {
          const list = fileGrid()
          if (list) list.focus()
          else if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
        }}
      />
      <select
        className="input scope-select"
        aria-label={intl.formatMessage({ id: 'files.toolbar.searchIn', defaultMessage: 'Search in' })}
        value={path === null && searchScope === 'subtree' ? 'account' : searchScope}
        onChange={(e) => setSearchScope(e.target.value as SearchScope)}
      >
        {path === null ? null : (
          <option value="subtree">
            {intl.formatMessage({
              id: 'files.toolbar.scopeSubtree',
              defaultMessage: 'This folder and subfolders',
            })}
          </option>
        )}
        <option value="account">
          {intl.formatMessage({ id: 'files.toolbar.scopeAccount', defaultMessage: 'Whole account' })}
        </option>
        <option value="all-accounts">
          {intl.formatMessage({ id: 'files.toolbar.scopeAll', defaultMessage: 'All accounts' })}
        </option>
      </select>
      <button
        type="button"
        className="icon-btn"
        aria-label={intl.formatMessage({
          id: 'files.toolbar.refresh',
          defaultMessage: 'Refresh from the host',
        })}
        title={intl.formatMessage({
          id: 'files.toolbar.refreshTitle',
          defaultMessage: 'Refresh from the host (F5)',
        })}
        onClick={onRefresh}
      >
        <Icon name="refresh" />
      </button>
      <fieldset
        className="segmented"
        aria-label={intl.formatMessage({ id: 'files.toolbar.view', defaultMessage: 'View' })}
      >
        <button
          type="button"
          className="icon-btn"
          aria-label={intl.formatMessage({ id: 'files.toolbar.listView', defaultMessage: 'List view' })}
          aria-pressed={viewMode === 'list'}
          onClick={() => setViewMode('list')}
        >
          <Icon name="list" />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label={intl.formatMessage({ id: 'files.toolbar.gridView', defaultMessage: 'Grid view' })}
          aria-pressed={viewMode === 'grid'}
          onClick={() => setViewMode('grid')}
        >
          <Icon name="grid" />
        </button>
      </fieldset>
      <DetailsToggle />
      <UploadMenu />
    </ViewToolbar>
  )
}
