import { useId, useRef, useState } from 'react'
import type { AccountView, UpdateAccountInput } from '../../../../shared/accounts.ts'
import { Icon } from '../../components/Icon.tsx'
import { Modal } from '../../components/Modal.tsx'
import { AccountFields } from './AccountFields.tsx'
import type { AccountField } from './field-errors.ts'
import { useAccountActions } from './use-account-actions.ts'

interface EditAccountDialogProps {
  account: AccountView
  focus: 'label' | AccountField
  onClose: () => void
}

/**
 * Rename an account, move it to another address, or give it a new key. Main checks a new key (or address) with
 * the host before it replaces the stored one, so a wrong key changes nothing; an empty key field keeps the key.
 */
export function EditAccountDialog({ account, focus, onClose }: EditAccountDialogProps) {
  const { update } = useAccountActions()
  const [label, setLabel] = useState(account.label)
  const [baseUrl, setBaseUrl] = useState(account.baseUrl)
  const keyInput = useRef<HTMLInputElement>(null)
  const id = useId()
  const error = update.data && !update.data.ok ? update.data.error : null

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const input = keyInput.current
    const apiKey = input?.value.trim() ?? ''
    if (input) input.value = ''
    const patch: UpdateAccountInput = {}
    if (label.trim() !== account.label) patch.label = label.trim()
    if (baseUrl.trim() !== account.baseUrl) patch.baseUrl = baseUrl.trim()
    if (apiKey !== '') patch.apiKey = apiKey
    // Saving an unchanged form is a plain close: nothing to check with the host.
    if (Object.keys(patch).length === 0) return onClose()
    update.mutate({ id: account.id, ...patch }, { onSuccess: (result) => result.ok && onClose() })
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit “${account.label}”`}
      description={account.needsKey ? (account.keyProblem ?? 'Enter the API key again.') : undefined}
    >
      <form
        className="form-grid"
        onSubmit={submit}
        aria-label="Edit account"
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <AccountFields
          id={id}
          label={label}
          onLabel={setLabel}
          baseUrl={baseUrl}
          onBaseUrl={setBaseUrl}
          keyInput={keyInput}
          keyRequired={account.needsKey}
          keyHint={`Leave empty to keep the current key (${account.maskedKey}). A new key is checked with the host before it replaces the old one.`}
          error={error}
          focus={focus}
        />
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? (
              <span className="spinner" aria-hidden="true" />
            ) : (
              <Icon name="check" size={14} />
            )}
            {update.isPending ? 'Checking…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
