import { useEffect, useState } from 'react'
import type { FileListItem } from '../../../../shared/api/types.ts'
import { CenteredSpinner, EmptyState, ErrorState } from '../../components/States.tsx'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useSelection } from '../../state/selection-store.ts'
import { type Crumb, useUi } from '../../state/ui-store.ts'
import { useAccountId } from '../accounts/use-accounts.ts'
import { FilePane } from './FilePane.tsx'
import { MoveDialog } from './MoveDialog.tsx'
import { RenameDialog } from './RenameDialog.tsx'
import { StatusBar } from './StatusBar.tsx'
import { Toolbar } from './Toolbar.tsx'
import { useFileActions } from './use-file-actions.ts'
import { useFileList } from './use-file-list.ts'

/**
 * The main area for a folder (or, with path null, for all files): toolbar, the virtualised files, status bar,
 * and the file dialogs.
 */
export function FileView({ path }: { path: Crumb[] | null }) {
  const accountId = useAccountId()
  const fldId = path ? (path.at(-1)?.id ?? 0) : null
  const search = useDebounced(useUi((s) => s.search).trim(), 250)
  const viewMode = useUi((s) => s.viewMode)
  const list = useFileList(accountId, fldId, search)
  const actions = useFileActions(accountId)
  const [renaming, setRenaming] = useState<FileListItem | null>(null)
  const [moving, setMoving] = useState<FileListItem[] | null>(null)

  // A new folder or filter is a new list: the old selection's indexes mean nothing there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on folder/search change by design
  useEffect(() => useSelection.getState().clear(), [accountId, fldId, search])
  // After a refetch (a move, a rename elsewhere), drop selected files that are no longer listed.
  useEffect(() => useSelection.getState().retain(list.files.map((f) => f.fileCode)), [list.files])

  let body: React.ReactNode
  if (list.isLoading) body = <CenteredSpinner label="Loading files" />
  else if (list.error && list.files.length === 0)
    body = <ErrorState error={list.error} onRetry={list.refetch} />
  else if (list.files.length === 0)
    body = search ? (
      <EmptyState icon="search" title="No matches">
        No file names here contain “{search}”.
      </EmptyState>
    ) : (
      <EmptyState icon="folder" title="This folder is empty">
        Files uploaded or moved here will show up in this list.
      </EmptyState>
    )
  else
    body = (
      <FilePane
        key={viewMode}
        files={list.files}
        total={list.total}
        mode={viewMode}
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        loadMore={list.loadMore}
        actions={actions}
        onRename={setRenaming}
        onMove={setMoving}
      />
    )

  return (
    <>
      <Toolbar path={path} />
      <div className="content">{body}</div>
      <StatusBar files={list.files} total={list.total} />
      {renaming ? (
        <RenameDialog
          name={renaming.name}
          onClose={() => setRenaming(null)}
          onRename={(name) => actions.rename.mutate({ fileCode: renaming.fileCode, name })}
        />
      ) : null}
      {moving ? (
        <MoveDialog
          accountId={accountId}
          count={moving.length}
          currentFolderId={fldId}
          onClose={() => setMoving(null)}
          onMove={(dest) =>
            actions.move.mutate({
              codes: moving.map((f) => f.fileCode),
              fldId: dest.id,
              folderName: dest.name,
            })
          }
        />
      ) : null}
    </>
  )
}
