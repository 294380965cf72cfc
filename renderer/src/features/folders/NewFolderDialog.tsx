import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { Modal } from '../../components/Modal.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { toast } from '../../state/toast-store.ts'
import type { Crumb } from '../../state/ui-store.ts'

export function NewFolderDialog({
  accountId,
  parent,
  onClose,
}: {
  accountId: string
  parent: Crumb
  onClose: () => void
}) {
  const [name, setName] = useState('')
  const qc = useQueryClient()
  const create = useMutation({
    meta: { silent: true },
    mutationFn: (folderName: string) =>
      call(api.folders.create({ accountId, parentId: parent.id, name: folderName })),
    onSuccess: (_r, folderName) => {
      toast.success(`Created folder “${folderName}”`)
      onClose()
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.folder(accountId, parent.id) }),
  })

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="New folder"
      description={`Inside “${parent.name}”.`}
    >
      <form
        className="field"
        onSubmit={(e) => {
          e.preventDefault()
          if (name.trim()) create.mutate(name.trim())
        }}
      >
        <label htmlFor="new-folder-name">Name</label>
        <input
          id="new-folder-name"
          className="input"
          data-autofocus
          value={name}
          maxLength={255}
          onChange={(e) => setName(e.target.value)}
        />
        {create.error ? (
          <div className="form-error" role="alert" style={{ marginTop: 8 }}>
            <Icon name="alert" />
            <span>{errorMessage(create.error)}</span>
          </div>
        ) : null}
        <div className="form-actions" style={{ marginTop: 12 }}>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!name.trim() || create.isPending}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  )
}
