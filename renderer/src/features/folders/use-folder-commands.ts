import { type IntlShape, useIntl } from 'react-intl'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import { type Crumb, useUi } from '../../state/ui-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { useDownloadRequest } from '../download/download-request.ts'
import type { IndexQuery } from '../files/index-query.ts'
import { usePane } from '../files/pane-store.ts'
import { useFileActions } from '../files/use-file-actions.ts'
import { checkLinksOf } from '../link-check/check-selection.ts'
import { destinationOf, folderPathOf } from '../upload/destination.ts'
import { useHostKind } from '../upload/use-upload-settings.ts'
import { useFolderEdit } from './folder-edit-store.ts'
import { crumbName } from './folder-words.ts'
import { uploadHere } from './upload-here.ts'

/** A folder a menu acts on: its account and its path from the root (the folder is the last step). */
export interface FolderTarget {
  accountId: string
  path: Crumb[]
}

/** What the folder menu does, for the tree and the file pane's folder rows alike. */
export function useFolderCommands() {
  const intl = useIntl()
  const { data } = useAccounts()
  const host = useHostKind()
  /** In `said`'s language: the label is data, the words for an account without one are not. */
  const accountLabel = (accountId: string, said: IntlShape = intl) =>
    data?.accounts.find((a) => a.id === accountId)?.label ??
    said.formatMessage({ id: 'folders.commands.thisAccount', defaultMessage: 'this account' })
  const { copyLinks } = useFileActions()
  const edit = useFolderEdit.getState()

  return {
    open: (t: FolderTarget) => useUi.getState().openFolder(t.path),
    /** `returnTo`: where focus goes after the name field, when not the tree (see FolderEdit). */
    rename: (t: FolderTarget, returnTo?: HTMLElement | null) => edit.startRename(t.path, returnTo),
    newInside: (t: FolderTarget, returnTo?: HTMLElement | null) => edit.startCreate(t.path, returnTo),
    uploadHere: (t: FolderTarget) => {
      void uploadHere(uploadTargetOf(t, accountLabel(t.accountId), intl), host, intl)
    },
    /**
     * Download…: the folder with all its subfolders (the tree mirrored on disk); the root is the whole account,
     * mirrored from its root.
     */
    download: (t: FolderTarget) => {
      const folder = folderOf(t)
      // What the Download dialog names: a noun phrase.
      useDownloadRequest.getState().open(
        folder.id === 0
          ? {
              accountId: t.accountId,
              what: { all: true },
              label: (intl) =>
                intl.formatMessage(
                  { id: 'folders.download.account', defaultMessage: 'the whole account {account}' },
                  { account: accountLabel(t.accountId, intl) },
                ),
            }
          : {
              accountId: t.accountId,
              what: { fldId: folder.id, recursive: true },
              label: (intl) =>
                intl.formatMessage(
                  {
                    id: 'folders.download.folder',
                    defaultMessage: 'the folder {folder} with its subfolders',
                  },
                  { folder: folder.name },
                ),
            },
      )
    },
    /** The folder's own files (not its subfolders'), from the index, in the order the file pane sorts by. */
    copyLinks: async (t: FolderTarget) => {
      const query = filesOf(t)
      await copyLinks({ kind: 'query', query, except: [] }, [])
      await sayIfStillIndexing(query, t.accountId, folderOf(t).id)
    },
    /** The same files' links in the link checker, checked at once. */
    checkLinks: async (t: FolderTarget) => {
      const query = filesOf(t)
      await checkLinksOf({ kind: 'query', query, except: [] }, data?.accounts ?? [])
      await sayIfStillIndexing(query, t.accountId, folderOf(t).id)
    },
  }
}

export type FolderCommands = ReturnType<typeof useFolderCommands>

export const folderOf = (t: FolderTarget): Crumb => t.path.at(-1) ?? { id: 0, name: '' }

/** The query of a folder's own files, sorted as the file pane is. */
const filesOf = (t: FolderTarget): IndexQuery => ({
  scope: { kind: 'folder', accountId: t.accountId, fldId: folderOf(t).id },
  sort: usePane.getState().sort,
})

/**
 * "Upload here" sends to this folder of this account only, whatever the upload menu mirrors to: the folder
 * belongs to one account, and the person pointed at it.
 */
function uploadTargetOf(t: FolderTarget, accountLabel: string, intl: IntlShape) {
  const folder = folderOf(t)
  return destinationOf([
    {
      accountId: t.accountId,
      fldId: folder.id,
      folderPath: folderPathOf(t.path),
      folderName: crumbName(folder, intl),
      accountLabel,
    },
  ])
}

/**
 * The links come from the index, which may not have reached a folder nobody opened while the account's first
 * crawl is still on its way. Copying what is known is still useful; it is not the whole folder, so it says so,
 * and the folder is read from the host now, so copying again in a moment has it all.
 */
async function sayIfStillIndexing(query: IndexQuery, accountId: string, fldId: number): Promise<void> {
  try {
    const window = await call(api.index.query({ query, offset: 0, limit: 1 }))
    if (window.complete) return
  } catch {
    // The copy itself said what went wrong; this note is only a nicety.
    return
  }
  void api.index.refresh({ accountId, fldId })
  toast.info((intl) =>
    intl.formatMessage({
      id: 'folders.copyLinks.stillIndexing',
      defaultMessage:
        'This account is still being indexed: files not indexed yet were left out. Copy again in a moment.',
    }),
  )
}
