import { useState } from 'react'
import { type IntlShape, useIntl } from 'react-intl'
import type { IndexFileRow, IndexFolderRow, IndexRow } from '../../../../shared/file-index.ts'
import { MAX_WINDOW } from '../../../../shared/ipc/limits.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { fileKey, useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { useDownloadRequest } from '../download/download-request.ts'
import { checkLinksOf } from '../link-check/check-selection.ts'
import type { IndexQuery, Selection } from './index-query.ts'
import { renameAtCursor } from './rename-store.ts'
import { pickedRows, selectionAccount, selectionOf } from './selection.ts'
import { type FileActions, MAX_PER_FILE_ACTION } from './use-file-actions.ts'

export interface MoveRequest {
  selection: Selection
  accountId: string
  /** Shown in the dialog; null while main counts a whole selection. */
  count: number | null
}

interface CommandDeps {
  query: IndexQuery
  actions: FileActions
  rowAt: (index: number) => IndexRow | undefined
  openFolder: (folder: IndexFolderRow) => void
  selectedCount: number | null
}

/**
 * What the menu and the keyboard do with the selection, in one place: each command reads the selection when it
 * runs (so a handler made before a click acts on the click's result) and says in a toast why it cannot act.
 */
export function useFileCommands({ query, actions, rowAt, openFolder, selectedCount }: CommandDeps) {
  const intl = useIntl()
  const [moving, setMoving] = useState<MoveRequest | null>(null)
  const accounts = useAccounts().data?.accounts ?? []

  const current = (): Selection | null => {
    try {
      return selectionOf(useSelection.getState(), intl)
    } catch (error) {
      toast.error(() => errorMessage(error))
      return null
    }
  }
  /**
   * Actions made of one host call per file act on at most MAX_PER_FILE_ACTION files: picked files, or a whole
   * selection that small (its rows are fetched from the index, less the unticked ones).
   */
  const perFile = async (action: 'directLinks' | 'clone'): Promise<IndexFileRow[] | null> => {
    const s = useSelection.getState()
    const tooMany = () =>
      toast.refuse((intl) =>
        intl.formatMessage(
          {
            id: 'files.perFile.tooMany',
            defaultMessage:
              '{action, select, clone {To clone files, pick up to {max, number} files at a time} other {To copy direct links, pick up to {max, number} files at a time}}',
          },
          { action, max: MAX_PER_FILE_ACTION },
        ),
      )
    if (!s.all) {
      const rows = pickedRows()
      if (rows.length > MAX_PER_FILE_ACTION) tooMany()
      return rows.length > 0 && rows.length <= MAX_PER_FILE_ACTION ? rows : null
    }
    try {
      const rows: IndexFileRow[] = []
      for (let offset = 0; ; offset += MAX_WINDOW) {
        const w = await call(api.index.query({ query: s.all, offset, limit: MAX_WINDOW }))
        if (w.total - w.folders - s.except.size > MAX_PER_FILE_ACTION) {
          tooMany()
          return null
        }
        for (const row of w.rows) if (row.kind === 'file' && !s.except.has(fileKey(row))) rows.push(row)
        if (w.rows.length === 0 || offset + MAX_WINDOW >= w.total) return rows.length > 0 ? rows : null
      }
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          {
            id: 'files.perFile.failed',
            defaultMessage:
              '{action, select, clone {Could not clone files: {error}} other {Could not copy direct links: {error}}}',
          },
          { action, error: errorMessage(error) },
        ),
      )
      return null
    }
  }

  return {
    moving,
    setMoving,
    selectAll: () => useSelection.getState().selectAll(query),
    copyLinks: () => {
      const selection = current()
      if (selection) void actions.copyLinks(selection, pickedRows())
    },
    /** The selection's links in the link checker, checked at once. */
    checkLinks: () => {
      const selection = current()
      if (selection) void checkLinksOf(selection, accounts)
    },
    copyDirectLinks: () => void perFile('directLinks').then((rows) => rows && actions.copyDirectLinks(rows)),
    clone: () => void perFile('clone').then((rows) => rows && actions.clone.mutate(rows)),
    /** Enter or a double-click: a folder row opens the folder; otherwise the selected files' pages open. */
    open: (index: number) => {
      const row = rowAt(index)
      if (row?.kind === 'folder') return openFolder(row)
      const rows = pickedRows()
      if (rows.length > 0) actions.openPages(rows)
      else if (row?.kind === 'file') actions.openPages([row])
    },
    /**
     * Download…: the selection as main takes it (picked files, or a Ctrl+A as its query less the unticked files:
     * main reads the files from the index, never from the rows loaded here).
     */
    download: () => {
      const selection = current()
      if (!selection) return
      const s = useSelection.getState()
      // A search across accounts names its files' accounts itself; the request still names one.
      const accountId = selectionAccount(s) ?? pickedRows()[0]?.accountId ?? accounts[0]?.id
      if (accountId === undefined) return
      // What the Download dialog names: a noun phrase.
      const label = (intl: IntlShape) =>
        selectedCount === null
          ? intl.formatMessage({ id: 'files.download.selected', defaultMessage: 'the selected files' })
          : intl.formatMessage(
              { id: 'files.download.count', defaultMessage: '{count, plural, one {# file} other {# files}}' },
              { count: selectedCount },
            )
      useDownloadRequest.getState().open({ accountId, what: { selection }, label })
    },
    /** F2, the menu's Rename: the cursor row's name becomes an input (InlineRename.tsx). */
    rename: () => renameAtCursor(rowAt),
    move: () => {
      const selection = current()
      if (!selection) return
      const accountId = selectionAccount(useSelection.getState())
      if (accountId === null) {
        toast.refuse((intl) =>
          intl.formatMessage({
            id: 'files.move.oneAccount',
            defaultMessage: 'Move the files of one account at a time',
          }),
        )
        return
      }
      setMoving({ selection, accountId, count: selectedCount })
    },
  }
}

export type FileCommands = ReturnType<typeof useFileCommands>
