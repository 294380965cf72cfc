import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import type { IndexFileRow, IndexWindow } from '../../../../shared/file-index.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { firstFailure, mapLimit } from '../../lib/map-limit.ts'
import { openExternal } from '../../lib/open-external.ts'
import { keys } from '../../lib/query-keys.ts'
import { undoable } from '../../state/run-undo.ts'
import { useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'
import { speakMovesIn } from '../dnd/move-progress.ts'
import type { Selection } from './index-query.ts'
import { linksText } from './links-text.ts'
import { moveBack, renameBack } from './undo-file-actions.ts'

const PARALLEL = 6
/** Direct links and clones cost the host one call per file; beyond this a whole selection is refused, not queued. */
export const MAX_PER_FILE_ACTION = 1000

/** Every cached window (and selection count) of an account, and the cross-account ones that may show it. */
export function invalidateIndex(qc: QueryClient, accountId: string): void {
  void qc.invalidateQueries({ queryKey: keys.index(accountId) })
  void qc.invalidateQueries({ queryKey: keys.indexAcross() })
  void qc.invalidateQueries({ queryKey: keys.indexSummaries() })
}

/**
 * Main's index learns of the app's own changes, but the folder is asked to revalidate too: the host is the truth
 * and a revalidation of one folder is one cheap listing.
 */
const revalidate = (accountId: string, fldId: number) => void api.index.refresh({ accountId, fldId })

/** Everything one can do to files, as callbacks for the context menu, the keyboard and the dialogs. */
export function useFileActions() {
  const qc = useQueryClient()
  const intl = useIntl()
  // The moves started here report their progress through the event router, which has no language of its own.
  useEffect(() => speakMovesIn(intl), [intl])
  const couldNotCopy = (error: unknown) =>
    toast.error((intl) =>
      intl.formatMessage(
        { id: 'files.copy.failed', defaultMessage: 'Could not copy: {error}' },
        { error: errorMessage(error) },
      ),
    )

  const rename = useMutation({
    mutationFn: (v: { file: IndexFileRow; name: string }) =>
      call(api.files.rename({ accountId: v.file.accountId, fileCode: v.file.fileCode, name: v.name })),
    // Optimistic: the new name shows at once in every cached window; on failure the snapshot comes back.
    onMutate: async ({ file, name }) => {
      const scopes = [keys.index(file.accountId), keys.indexAcross()]
      await Promise.all(scopes.map((queryKey) => qc.cancelQueries({ queryKey })))
      const before = scopes.flatMap((queryKey) => qc.getQueriesData<IndexWindow>({ queryKey }))
      for (const queryKey of scopes)
        qc.setQueriesData<IndexWindow>({ queryKey }, (w) => (w?.rows ? renameIn(w, file, name) : w))
      return { before }
    },
    onError: (_e, _v, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data)
    },
    onSuccess: (_r, { file, name }) => {
      const previous = file.name
      const undo =
        previous === name
          ? undefined
          : undoable({
              label: (intl) =>
                intl.formatMessage(
                  { id: 'files.undo.rename', defaultMessage: 'rename of “{from}” to “{to}”' },
                  { from: previous, to: name },
                ),
              undo: async () => {
                try {
                  await renameBack(file, name, previous)
                } finally {
                  invalidateIndex(qc, file.accountId)
                  revalidate(file.accountId, file.fldId)
                }
              },
            })
      toast.success(
        (intl) =>
          intl.formatMessage({ id: 'files.rename.done', defaultMessage: 'Renamed to “{name}”' }, { name }),
        undo,
      )
      revalidate(file.accountId, file.fldId)
    },
    onSettled: (_r, _e, v) => invalidateIndex(qc, v.file.accountId),
  })

  const clone = useMutation({
    mutationFn: async (files: readonly IndexFileRow[]) => {
      const results = await mapLimit(files, PARALLEL, (f) =>
        call(api.files.clone({ accountId: f.accountId, fileCode: f.fileCode })),
      )
      return { done: results.filter((r) => r.status === 'fulfilled').length, failure: firstFailure(results) }
    },
    onSuccess: ({ done, failure }, files) => {
      if (done > 0)
        toast.success((intl) =>
          intl.formatMessage(
            {
              id: 'files.clone.done',
              defaultMessage: 'Cloned {count, plural, one {# file} other {# files}}',
            },
            { count: done },
          ),
        )
      if (failure !== undefined)
        toast.error((intl) =>
          intl.formatMessage(
            { id: 'files.clone.someFailed', defaultMessage: 'Some files were not cloned: {error}' },
            { error: errorMessage(failure) },
          ),
        )
      for (const f of uniqueFolders(files)) revalidate(f.accountId, f.fldId)
    },
    onSettled: (_r, _e, files) => {
      for (const accountId of new Set(files.map((f) => f.accountId))) invalidateIndex(qc, accountId)
    },
  })

  // Main moves the whole selection (a Ctrl+A of 100,000 files never crosses the bridge as a list).
  const move = useMutation({
    mutationFn: (v: { selection: Selection; accountId: string; fldId: number; folderName: string }) =>
      call(api.index.moveSelection({ selection: v.selection, accountId: v.accountId, fldId: v.fldId })),
    // The names of the files moved, while the cached windows still show them: an undo that finds one gone from
    // the host (and so from the index) can still say which it was. A whole query's selection is not listed here
    // (it may be 100,000 files); its missing files are named by code.
    onMutate: (v) => ({ names: namesInCache(qc, v.accountId, v.selection) }),
    onSuccess: ({ moved, failed, from }, v, ctx) => {
      // Files that were already in the folder did not move, so an undo leaves them there.
      const movedHere = from.reduce((n, g) => n + g.fileCodes.length, 0)
      const undo =
        movedHere === 0
          ? undefined
          : undoable({
              label: (intl) =>
                intl.formatMessage(
                  {
                    id: 'files.undo.move',
                    defaultMessage: 'move of {count, plural, one {# file} other {# files}} to {folder}',
                  },
                  { count: movedHere, folder: v.folderName },
                ),
              undo: async () => {
                try {
                  await moveBack(v.accountId, from, v.fldId, ctx?.names)
                } finally {
                  invalidateIndex(qc, v.accountId)
                  for (const fldId of [v.fldId, ...from.map((g) => g.fldId)]) revalidate(v.accountId, fldId)
                }
              },
            })
      if (moved > 0)
        toast.success(
          (intl) =>
            intl.formatMessage(
              {
                id: 'files.move.done',
                defaultMessage: 'Moved {count, plural, one {# file} other {# files}} to {folder}',
              },
              { count: moved, folder: v.folderName },
            ),
          undo,
        )
      const first = failed[0]
      if (first)
        toast.error((intl) =>
          intl.formatMessage(
            {
              id: 'files.move.someFailed',
              defaultMessage: '{count, plural, one {# file} other {# files}} not moved ({name}: {error})',
            },
            { count: failed.length, name: first.name, error: errorMessage(first.error) },
          ),
        )
      // What moved left this view; what failed stays selected so the user can try again.
      if (failed.length === 0) useSelection.getState().clear()
      revalidate(v.accountId, v.fldId)
    },
    onError: (error) =>
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'files.move.failed', defaultMessage: 'Nothing was moved: {error}' },
          { error: errorMessage(error) },
        ),
      ),
    onSettled: (_r, _e, v) => invalidateIndex(qc, v.accountId),
  })

  /** Picked files' links are in their rows; a whole selection's are built in main (and copied there in Electron). */
  async function copyLinks(selection: Selection, rows: readonly IndexFileRow[]): Promise<void> {
    try {
      let count = rows.length
      if (selection.kind === 'query') {
        const links = await call(api.index.copyLinks({ selection }))
        count = links.count
        if (count === 0) {
          toast.refuse((intl) =>
            intl.formatMessage({ id: 'files.copyLinks.none', defaultMessage: 'No files to copy links of' }),
          )
          return
        }
        if (!links.copied) await copyText(links.text ?? '')
      } else {
        await copyText(linksText(rows, 'page'))
      }
      toast.success((intl) =>
        intl.formatMessage(
          {
            id: 'files.copyLinks.done',
            defaultMessage: '{count, plural, one {Copied link} other {Copied # links}}',
          },
          { count },
        ),
      )
    } catch (error) {
      couldNotCopy(error)
    }
  }

  async function copyDirectLinks(files: readonly IndexFileRow[]): Promise<void> {
    if (files.length === 0) return
    const results = await mapLimit(files, PARALLEL, (f) =>
      call(api.files.directLink({ accountId: f.accountId, fileCode: f.fileCode })),
    )
    const fetched = files.flatMap((f, i) => {
      const r = results[i]
      return r?.status === 'fulfilled' ? [{ link: f.link, directLink: r.value.url }] : []
    })
    const failure = firstFailure(results)
    if (fetched.length === 0) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'files.directLinks.none', defaultMessage: 'No direct links: {error}' },
          { error: errorMessage(failure) },
        ),
      )
      return
    }
    try {
      await copyText(linksText(fetched, 'direct'))
      toast.success((intl) =>
        intl.formatMessage(
          {
            id: 'files.directLinks.done',
            defaultMessage: '{count, plural, one {Copied direct link} other {Copied # direct links}}',
          },
          { count: fetched.length },
        ),
      )
      if (failure !== undefined)
        toast.error((intl) =>
          intl.formatMessage(
            {
              id: 'files.directLinks.someFailed',
              defaultMessage: '{count, plural, one {# failed: {error}} other {# failed: {error}}}',
            },
            { count: files.length - fetched.length, error: errorMessage(failure) },
          ),
        )
    } catch (error) {
      couldNotCopy(error)
    }
  }

  function openPages(files: readonly IndexFileRow[]): void {
    // A browser blocks all but the first window.open per gesture, so many files open only the first.
    const first = files[0]
    if (first && !openExternal(first.link))
      toast.error((intl) =>
        intl.formatMessage({ id: 'files.open.noPage', defaultMessage: 'This file has no web page link' }),
      )
  }

  return { rename, clone, move, copyLinks, copyDirectLinks, openPages }
}

export type FileActions = ReturnType<typeof useFileActions>

function renameIn(w: IndexWindow, file: IndexFileRow, name: string): IndexWindow {
  return {
    ...w,
    rows: w.rows.map((r) =>
      r.kind === 'file' && r.fileCode === file.fileCode && r.accountId === file.accountId
        ? { ...r, name }
        : r,
    ),
  }
}

function uniqueFolders(files: readonly IndexFileRow[]) {
  const seen = new Map<string, IndexFileRow>()
  for (const f of files) seen.set(`${f.accountId}:${f.fldId}`, f)
  return [...seen.values()]
}

/** The names the cached index windows show for a list of picked files (empty for a whole query's selection). */
function namesInCache(qc: QueryClient, accountId: string, selection: Selection): ReadonlyMap<string, string> {
  const names = new Map<string, string>()
  if (selection.kind !== 'files') return names
  const wanted = new Set(selection.files.map((f) => f.fileCode))
  for (const queryKey of [keys.index(accountId), keys.indexAcross()])
    for (const [, window] of qc.getQueriesData<IndexWindow>({ queryKey }))
      for (const row of window?.rows ?? [])
        if (row.kind === 'file' && row.accountId === accountId && wanted.has(row.fileCode))
          names.set(row.fileCode, row.name)
  return names
}
