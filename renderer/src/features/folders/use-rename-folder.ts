import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FolderListing } from '../../../../shared/api/types.ts'
import type { IndexWindow } from '../../../../shared/file-index.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { toast } from '../../state/toast-store.ts'
import { type Crumb, useUi } from '../../state/ui-store.ts'
import { invalidateIndex } from '../files/use-file-actions.ts'
import { undoFolderRename } from './undo-folder-rename.ts'

export interface FolderRename {
  accountId: string
  fldId: number
  name: string
  /** The name it has now: the breadcrumb gets it back on failure, and the message names it. */
  from?: string
}

/**
 * Renames a folder wherever it shows (the file pane's folder rows, the folder tree, the breadcrumb): optimistic,
 * so the new name shows at once; on failure every cache and the breadcrumb get the old name back and a message
 * says why. The one folder rename of the renderer: the tree and the file pane both use it. (Recreated by the
 * file pane's rename-in-place work after an earlier draft of this file was overwritten by mistake.)
 */
export function useRenameFolder() {
  const qc = useQueryClient()
  return useMutation({
    // Its own message on failure names the folder; the generic one would only repeat the host's words.
    meta: { silent: true },
    mutationFn: (v: FolderRename) =>
      call(api.folders.rename({ accountId: v.accountId, fldId: v.fldId, name: v.name })),
    onMutate: async (v) => {
      const scopes = [keys.index(v.accountId), keys.folders(v.accountId)]
      await Promise.all(scopes.map((queryKey) => qc.cancelQueries({ queryKey })))
      const before = scopes.flatMap((queryKey) => qc.getQueriesData<unknown>({ queryKey }))
      qc.setQueriesData<IndexWindow>({ queryKey: keys.index(v.accountId) }, (w) =>
        w?.rows ? renameInWindow(w, v) : w,
      )
      qc.setQueriesData<FolderListing>({ queryKey: keys.folders(v.accountId) }, (l) =>
        l?.folders ? renameInListing(l, v) : l,
      )
      return { before, path: renameInPath(v.fldId, v.name) }
    },
    onError: (error, v, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data)
      if (ctx?.path) restorePath(ctx.path)
      toast.error((intl) =>
        v.from === undefined
          ? intl.formatMessage(
              { id: 'folders.rename.keptUnnamed', defaultMessage: 'The folder keeps its name: {error}' },
              { error: errorMessage(error) },
            )
          : intl.formatMessage(
              { id: 'folders.rename.kept', defaultMessage: '“{name}” keeps its name: {error}' },
              { name: v.from, error: errorMessage(error) },
            ),
      )
    },
    onSuccess: (_r, v) =>
      toast.success(
        (intl) =>
          intl.formatMessage(
            { id: 'folders.rename.done', defaultMessage: 'Renamed folder to “{name}”' },
            { name: v.name },
          ),
        undoFolderRename(qc, v),
      ),
    onSettled: (_r, _e, v) => {
      invalidateIndex(qc, v.accountId)
      void qc.invalidateQueries({ queryKey: keys.folders(v.accountId) })
    },
  })
}

function renameInWindow(w: IndexWindow, v: FolderRename): IndexWindow {
  return {
    ...w,
    rows: w.rows.map((r) =>
      r.kind === 'folder' && r.fldId === v.fldId && r.accountId === v.accountId ? { ...r, name: v.name } : r,
    ),
  }
}

function renameInListing(l: FolderListing, v: FolderRename): FolderListing {
  return { ...l, folders: l.folders.map((f) => (f.fldId === v.fldId ? { ...f, name: v.name } : f)) }
}

/**
 * The breadcrumb of the open folder names the renamed folder when it is on the way there. Returns the path as it
 * was, for a rollback; null when the folder is not on it.
 */
function renameInPath(fldId: number, name: string): Crumb[] | null {
  const { view } = useUi.getState()
  if (view.kind !== 'files' || !view.path.some((c) => c.id === fldId)) return null
  // The same folder stays open (and its search with it): only a crumb's name changes.
  useUi.setState({
    view: { kind: 'files', path: view.path.map((c) => (c.id === fldId ? { ...c, name } : c)) },
  })
  return view.path
}

/** Puts the old breadcrumb back, unless the user went elsewhere meanwhile. */
function restorePath(path: Crumb[]): void {
  const { view, openFolder } = useUi.getState()
  const same =
    view.kind === 'files' && view.path.map((c) => c.id).join('/') === path.map((c) => c.id).join('/')
  if (same) openFolder(path)
}
