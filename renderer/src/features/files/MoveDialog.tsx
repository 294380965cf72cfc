import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Modal } from '../../components/Modal.tsx'
import { type Crumb, ROOT } from '../../state/ui-store.ts'
import { FolderTree } from '../folders/FolderTree.tsx'
import { crumbName } from '../folders/folder-words.ts'

interface MoveDialogProps {
  accountId: string
  count: number
  /** null (all files view): the files may be anywhere, so no destination is ruled out. */
  currentFolderId: number | null
  onMove: (target: Crumb) => void
  onClose: () => void
}

/** Pick a destination folder in the same lazy tree as the sidebar, then move. */
export function MoveDialog({ accountId, count, currentFolderId, onMove, onClose }: MoveDialogProps) {
  const intl = useIntl()
  const [target, setTarget] = useState<Crumb[]>([ROOT])
  const dest = target.at(-1) ?? ROOT
  const same = dest.id === currentFolderId
  const move = (to: Crumb) => {
    onMove(to)
    onClose()
  }
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={intl.formatMessage({ id: 'files.moveDialog.title', defaultMessage: 'Move to folder' })}
      description={intl.formatMessage(
        {
          id: 'files.moveDialog.description',
          defaultMessage: 'Choose where to move {count, plural, one {# file} other {# files}}.',
        },
        { count },
      )}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            <FormattedMessage id="files.moveDialog.cancel" defaultMessage="Cancel" />
          </button>
          <button type="button" className="btn btn-primary" disabled={same} onClick={() => move(dest)}>
            {/* The name is not set apart in an element: the button lays its children out as flex items, and a
                screen reader would then read the quotes apart from the name. */}
            <FormattedMessage
              id="files.moveDialog.move"
              defaultMessage="Move to “{folder}”"
              values={{ folder: crumbName(dest, intl) }}
            />
          </button>
        </>
      }
    >
      {/* The dialog opens on the folder list: arrows pick the destination at once. */}
      <div className="picker" data-autofocus>
        <FolderTree
          accountId={accountId}
          label={intl.formatMessage({ id: 'files.moveDialog.tree', defaultMessage: 'Destination folder' })}
          selectedPath={target}
          onSelect={setTarget}
          // Enter on a folder moves there (the folder the files are in is only picked: nothing to move).
          onConfirm={(path) => {
            setTarget(path)
            const to = path.at(-1) ?? ROOT
            if (to.id !== currentFolderId) move(to)
          }}
        />
      </div>
      {same ? (
        <div className="field-hint">
          <FormattedMessage
            id="files.moveDialog.same"
            defaultMessage="The files are already in this folder."
          />
        </div>
      ) : null}
    </Modal>
  )
}
