import { useState } from 'react'
import { Modal } from '../../components/Modal.tsx'
import { formatCount } from '../../lib/format.ts'
import { type Crumb, ROOT } from '../../state/ui-store.ts'
import { FolderTree } from '../folders/FolderTree.tsx'

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
  const [target, setTarget] = useState<Crumb[]>([ROOT])
  const dest = target.at(-1) ?? ROOT
  const same = dest.id === currentFolderId
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Move to folder"
      description={`Choose where to move ${formatCount(count, 'file')}.`}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={same}
            onClick={() => {
              onMove(dest)
              onClose()
            }}
          >
            Move to “{dest.name}”
          </button>
        </>
      }
    >
      {/* The dialog opens on the folder list: arrows pick the destination at once. */}
      <div className="picker" data-autofocus>
        <FolderTree
          accountId={accountId}
          label="Destination folder"
          selectedPath={target}
          onSelect={setTarget}
        />
      </div>
      {same ? <div className="field-hint">The files are already in this folder.</div> : null}
    </Modal>
  )
}
