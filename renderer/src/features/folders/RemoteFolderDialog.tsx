import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Modal } from '../../components/Modal.tsx'
import { type Crumb, ROOT } from '../../state/ui-store.ts'
import { FolderTree } from './FolderTree.tsx'

interface RemoteFolderDialogProps {
  accountId: string
  /** The account's label, for the tree's name. */
  accountLabel: string
  title: string
  description: string
  /** The folder picked when it opens (its path from the root). */
  initial: readonly Crumb[]
  /** The primary button's words for the picked folder ("Use “Photos”"). */
  confirmLabel: (folder: Crumb) => string
  onChoose: (path: Crumb[]) => void
  onClose: () => void
}

/**
 * Picks a folder of one account in the same lazy tree as the sidebar (and the Move dialog): arrows walk it,
 * Enter picks the folder and goes ahead, the button does the same for the one picked.
 */
export function RemoteFolderDialog(p: RemoteFolderDialogProps) {
  const intl = useIntl()
  const [path, setPath] = useState<Crumb[]>(p.initial.length > 0 ? [...p.initial] : [ROOT])
  const folder = path.at(-1) ?? ROOT
  const choose = (chosen: Crumb[]) => {
    p.onChoose(chosen)
    p.onClose()
  }
  return (
    <Modal
      open
      onOpenChange={(open) => !open && p.onClose()}
      title={p.title}
      description={p.description}
      footer={
        <>
          <button type="button" className="btn" onClick={p.onClose}>
            <FormattedMessage id="folders.picker.cancel" defaultMessage="Cancel" />
          </button>
          <button type="button" className="btn btn-primary" onClick={() => choose(path)}>
            {p.confirmLabel(folder)}
          </button>
        </>
      }
    >
      <div className="picker" data-autofocus>
        <FolderTree
          accountId={p.accountId}
          label={intl.formatMessage(
            { id: 'folders.picker.tree', defaultMessage: 'Folders on {account}' },
            { account: p.accountLabel },
          )}
          selectedPath={path}
          onSelect={setPath}
          onConfirm={choose}
        />
      </div>
    </Modal>
  )
}
