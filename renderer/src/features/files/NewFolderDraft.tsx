import { useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import type { Crumb } from '../../state/ui-store.ts'
import { useFolderEdit } from '../folders/folder-edit-store.ts'
import { crumbName, folderWords } from '../folders/folder-words.ts'
import { NewFolderField } from '../folders/tree-editing.tsx'
import { folderRowKey, useCursorTarget } from './cursor-target.ts'

/**
 * The edit number of a new folder being named at the top of the open folder's list (Ctrl+N from the list), 0
 * when there is none: a new edit, a new field.
 */
export function useListDraft(path: readonly Crumb[] | null): number {
  const open = path?.at(-1)?.id
  return useFolderEdit((s) =>
    s.edit?.kind === 'create' && s.edit.where === 'list' && s.edit.path.at(-1)?.id === open ? s.serial : 0,
  )
}

/**
 * The new folder's name field at the top of the file list, where the user pressed Ctrl+N: a row of the grid
 * (`inGrid`), or a line above an empty folder's note. Once the host has made the folder, the list's cursor and
 * selection go to its row as it comes in.
 */
export function NewFolderDraft(props: { accountId: string; path: readonly Crumb[]; inGrid: boolean }) {
  const { accountId, inGrid } = props
  const intl = useIntl()
  const parent = props.path.at(-1) as Crumb
  const field = (
    <>
      <Icon name="folder" className="icon-folder" />
      <NewFolderField
        accountId={accountId}
        parent={parent}
        onCreated={(fldId) => useCursorTarget.getState().aim(folderRowKey(accountId, fldId))}
      />
    </>
  )
  if (!inGrid) return <div className="new-folder-draft">{field}</div>
  return (
    <div
      role="row"
      className="file-row folder-row new-folder-draft"
      aria-label={intl.formatMessage(folderWords.newFolderIn, { folder: crumbName(parent, intl) })}
      // The field's own menu (paste, undo typing) is the browser's; the file menu is for files.
      onContextMenu={(e) => e.stopPropagation()}
    >
      <div role="gridcell" className="file-name">
        {field}
      </div>
    </div>
  )
}
