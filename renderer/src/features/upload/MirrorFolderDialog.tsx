import { useState } from 'react'
import { Modal } from '../../components/Modal.tsx'
import { type Crumb, ROOT } from '../../state/ui-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { FolderTree } from '../folders/FolderTree.tsx'
import { useMirrorFolders } from './mirror-folders.ts'

/** Picks the folder a mirrored upload goes to on one account, in the same lazy tree as the sidebar. */
export function MirrorFolderDialog() {
  const accountId = useMirrorFolders((s) => s.picking)
  if (accountId === null) return null
  // Keyed by account, so opening it for another account starts from that account's choice.
  return <Picker key={accountId} accountId={accountId} />
}

function Picker({ accountId }: { accountId: string }) {
  const { data } = useAccounts()
  const chosen = useMirrorFolders((s) => s.folders[accountId])
  const { choose, pick } = useMirrorFolders.getState()
  const [path, setPath] = useState<Crumb[]>(chosen ?? [ROOT])
  const label = data?.accounts.find((a) => a.id === accountId)?.label ?? accountId
  const folder = path.at(-1) ?? ROOT
  const close = () => pick(null)
  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={`Upload folder on ${label}`}
      description={`Mirrored uploads go into this folder on ${label}; the other accounts keep their own.`}
      footer={
        <>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              choose(accountId, path)
              close()
            }}
          >
            Use “{folder.name}”
          </button>
        </>
      }
    >
      <div className="picker">
        <FolderTree
          accountId={accountId}
          label={`Folders on ${label}`}
          selectedPath={path}
          onSelect={setPath}
        />
      </div>
    </Modal>
  )
}
