import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { api } from '../../app/bridge.ts'
import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { errorMessage } from '../../lib/call.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useSelection } from '../../state/selection-store.ts'
import { type Crumb, useUi } from '../../state/ui-store.ts'
import { useAccountId, useAccounts } from '../accounts/use-accounts.ts'
import { openFolderRow } from '../folders/folder-row-path.ts'
import { crumbName, placeName } from '../folders/folder-words.ts'
import { folderRowKey, useCursorTarget } from './cursor-target.ts'
import { DetailsPanel } from './DetailsPanel.tsx'
import { FilePane } from './FilePane.tsx'
import { paneQuery, spansFolders } from './index-query.ts'
import { MoveDialog } from './MoveDialog.tsx'
import { NewFolderDraft, useListDraft } from './NewFolderDraft.tsx'
import { NoMatches } from './NoMatches.tsx'
import { usePane } from './pane-store.ts'
import { StatusBar } from './StatusBar.tsx'
import { Toolbar } from './Toolbar.tsx'
import { useFileActions } from './use-file-actions.ts'
import { useFileCommands } from './use-file-commands.ts'
import { useIndexWindows } from './use-index-windows.ts'
import { useSelectionSummary } from './use-selection-summary.ts'

/**
 * The main area for a folder (or, with path null, for all files): toolbar, the virtualised result of an index
 * query, status bar, and the file dialogs. Everything shown comes from main's index at once; opening a folder
 * asks main to check it against the host, and the rows follow when it has.
 */
export function FileView({ path }: { path: Crumb[] | null }) {
  const intl = useIntl()
  const accountId = useAccountId()
  const fldId = path ? (path.at(-1)?.id ?? 0) : null
  const search = useDebounced(useUi((s) => s.search).trim(), 250)
  const viewMode = useUi((s) => s.viewMode)
  const sort = usePane((s) => s.sort)
  const scope = usePane((s) => s.searchScope)
  const query = useMemo(
    () => paneQuery(accountId, fldId, search, scope, sort),
    [accountId, fldId, search, scope, sort],
  )
  const view = useIndexWindows(query, accountId !== '')
  const summary = useSelectionSummary()
  const actions = useFileActions()
  const locate = useLocate(query.scope.kind === 'all-accounts', spansFolders(query))

  const commands = useFileCommands({
    query,
    actions,
    rowAt: view.rowAt,
    openFolder: openFolderRow,
    selectedCount: summary?.files ?? null,
  })

  // A new place is a new result: the old selection's rows and indexes mean nothing there. A new sort is the
  // same result in another order, so picked files stay picked (the cursor's index would point elsewhere).
  const place = JSON.stringify([query.scope, query.search ?? ''])
  // Layout effects: they run before the rows' own effects put the cursor on a row the new place aims at
  // (cursor-target.ts), and before the old selection is ever painted over the new rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of place by design
  useLayoutEffect(() => useSelection.getState().clear(), [place])
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of sort by design
  useLayoutEffect(() => useSelection.getState().setFocus(-1), [sort])

  // Opening a folder shows what the index has at once and asks main to check it against the host.
  useEffect(() => {
    if (accountId !== '' && fldId !== null) void api.index.refresh({ accountId, fldId })
  }, [accountId, fldId])

  // Refresh (and F5) re-crawls the whole account: the host may have changed outside Filedock anywhere.
  const refresh = useCallback(() => {
    if (accountId !== '') void api.index.refresh({ accountId })
  }, [accountId])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F5') return
      // F5 would reload the page, losing the scroll position and selection; here it re-crawls instead.
      e.preventDefault()
      refresh()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [refresh])

  // Up a level, the cursor on the folder just left, as in every file manager: the way back down is Enter.
  const goUp = useCallback(() => {
    const left = path?.at(-1)
    if (!path || path.length < 2 || !left) return false
    useCursorTarget.getState().aim(folderRowKey(accountId, left.id))
    useUi.getState().openFolder(path.slice(0, -1))
    return true
  }, [path, accountId])

  const draftSerial = useListDraft(path)
  const draft = useMemo(
    () =>
      draftSerial > 0 && path ? (
        <NewFolderDraft key={draftSerial} accountId={accountId} path={path} inGrid />
      ) : null,
    [draftSerial, accountId, path],
  )

  const shape = view.shape
  let body: React.ReactNode
  if (!shape && view.error) body = <ErrorState error={view.error} onRetry={view.refetch} />
  else if (!shape)
    body = (
      <CenteredSpinner
        label={intl.formatMessage({ id: 'files.view.loading', defaultMessage: 'Loading files' })}
      />
    )
  else if (shape.total === 0)
    body = search ? (
      <NoMatches query={query} search={search} />
    ) : !shape.complete ? (
      <EmptyState
        icon="refresh"
        title={intl.formatMessage({
          id: 'files.view.indexingTitle',
          defaultMessage: 'Indexing this account',
        })}
      >
        <FormattedMessage
          id="files.view.indexingText"
          defaultMessage="Files show up here as they are found."
        />
      </EmptyState>
    ) : (
      <EmptyState
        icon="folder"
        title={intl.formatMessage({ id: 'files.view.emptyTitle', defaultMessage: 'This folder is empty' })}
      >
        <FormattedMessage
          id="files.view.emptyText"
          defaultMessage="Files uploaded or moved here will show up in this list."
        />
      </EmptyState>
    )
  else
    body = (
      <FilePane
        // A new query starts at its top; the same query keeps its place through refetches.
        key={`${viewMode} ${JSON.stringify(query)}`}
        view={view}
        total={shape.total}
        mode={viewMode}
        commands={commands}
        summary={summary}
        locate={locate}
        goUp={goUp}
        draft={draft}
      />
    )

  const { moving } = commands
  return (
    <>
      <Toolbar path={path} onRefresh={refresh} />
      {shape && view.error ? (
        // Rows already shown stay; the windows that failed are asked again on Retry (or when scrolled to).
        <div className="form-error files-error" role="alert">
          <span>
            <FormattedMessage
              id="files.view.rowsFailed"
              defaultMessage="Some rows could not be loaded: {error}"
              values={{ error: errorMessage(view.error) }}
            />
          </span>
          <button type="button" className="btn" onClick={view.refetch}>
            <FormattedMessage id="files.view.retry" defaultMessage="Retry" />
          </button>
        </div>
      ) : null}
      <div className="content-with-details">
        <div className="content">
          {/* No list to hold it (an empty folder, still loading): the new folder's field goes above the note. */}
          {draft && path && !(shape && shape.total > 0) ? (
            <NewFolderDraft key={draftSerial} accountId={accountId} path={path} inGrid={false} />
          ) : null}
          {body}
        </div>
        <DetailsPanel rowAt={view.rowAt} summary={summary} onDownload={commands.download} />
      </div>
      <StatusBar shape={shape} summary={summary} />
      {moving ? (
        <MoveDialog
          accountId={moving.accountId}
          count={moving.count ?? summary?.files ?? 0}
          currentFolderId={query.scope.kind === 'folder' ? query.scope.fldId : null}
          onClose={() => commands.setMoving(null)}
          onMove={(dest) =>
            actions.move.mutate({
              selection: moving.selection,
              accountId: moving.accountId,
              fldId: dest.id,
              folderName: crumbName(dest, intl),
            })
          }
        />
      ) : null}
    </>
  )
}

/** The location column's text: the folder's path, with the account's label when rows span accounts. */
function useLocate(acrossAccounts: boolean, shown: boolean): ((row: IndexRow) => string) | null {
  const { data } = useAccounts()
  const intl = useIntl()
  return useMemo(() => {
    if (!shown) return null
    const labels = new Map((data?.accounts ?? []).map((a) => [a.id, a.label]))
    const unknown = intl.formatMessage({ id: 'files.location.unknownAccount', defaultMessage: 'Account' })
    return (row: IndexRow) => {
      // Where the row is: a file's folder, a folder's parent.
      const folder = row.kind === 'file' ? row.folderPath : row.parents.map((p) => p.name).join('/')
      const where = placeName(folder, intl)
      return acrossAccounts
        ? intl.formatMessage(
            { id: 'files.location.onAccount', defaultMessage: '{account}: {place}' },
            { account: labels.get(row.accountId) ?? unknown, place: where },
          )
        : where
    }
  }, [shown, acrossAccounts, data, intl])
}
