import { Icon } from '../../components/Icon.tsx'
import { SearchBox } from '../../components/SearchBox.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { type Crumb, useUi } from '../../state/ui-store.ts'
import { UploadMenu } from '../upload/UploadMenu.tsx'
import { DetailsToggle } from './DetailsToggle.tsx'
import { type SearchScope, usePane } from './pane-store.ts'

/**
 * Breadcrumb of the open folder (a title for all files, path null), search and where it looks, refresh, list/grid
 * toggle, upload menu.
 */
export function Toolbar({ path, onRefresh }: { path: Crumb[] | null; onRefresh: () => void }) {
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
        <h1 className="breadcrumb">All files</h1>
      ) : (
        <nav aria-label="Folder path" style={{ flex: 1, minWidth: 0 }}>
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
                    onClick={() => openFolder(path.slice(0, i + 1))}
                  >
                    {crumb.name}
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
        placeholder="Search by name"
        label="Search files by name"
        // Esc clears the search and gives the list the keyboard back. After "No matches" there is no list yet:
        // the box lets go of the keyboard, and the list takes it as it mounts (FilePane).
        onEscape={() => {
          const list = document.querySelector<HTMLElement>('[role="grid"][aria-label="Files"]')
          if (list) list.focus()
          else if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
        }}
      />
      <select
        className="input scope-select"
        aria-label="Search in"
        value={path === null && searchScope === 'subtree' ? 'account' : searchScope}
        onChange={(e) => setSearchScope(e.target.value as SearchScope)}
      >
        {path === null ? null : <option value="subtree">This folder and subfolders</option>}
        <option value="account">Whole account</option>
        <option value="all-accounts">All accounts</option>
      </select>
      <button
        type="button"
        className="icon-btn"
        aria-label="Refresh from the host"
        title="Refresh from the host (F5)"
        onClick={onRefresh}
      >
        <Icon name="refresh" />
      </button>
      <fieldset className="segmented" aria-label="View">
        <button
          type="button"
          className="icon-btn"
          aria-label="List view"
          aria-pressed={viewMode === 'list'}
          onClick={() => setViewMode('list')}
        >
          <Icon name="list" />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label="Grid view"
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
