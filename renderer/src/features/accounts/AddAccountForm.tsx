import { useId, useRef, useState } from 'react'
import { Icon } from '../../components/Icon.tsx'
import { AccountFields } from './AccountFields.tsx'
import { useAccountActions } from './use-account-actions.ts'

/**
 * A new account: label, base URL and API key. The key is emptied after every submit, accepted or not: once main
 * has it, the page drops it. A refused key never touches the active account (see use-account-actions.ts).
 */
export function AddAccountForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const { add } = useAccountActions()
  const [label, setLabel] = useState('')
  const [baseUrl, setBaseUrl] = useState('https://')
  const keyInput = useRef<HTMLInputElement>(null)
  const id = useId()
  const error = add.data && !add.data.ok ? add.data.error : null

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const input = keyInput.current
    const apiKey = input?.value ?? ''
    if (input) input.value = ''
    add.mutate(
      { label: label.trim(), baseUrl: baseUrl.trim(), apiKey },
      {
        onSuccess: (result) => {
          if (!result.ok) return
          setLabel('')
          setBaseUrl('https://')
          onDone?.()
        },
      },
    )
  }

  return (
    <form
      className="form-grid"
      onSubmit={submit}
      aria-label="Add account"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <AccountFields
        id={id}
        label={label}
        onLabel={setLabel}
        baseUrl={baseUrl}
        onBaseUrl={setBaseUrl}
        keyInput={keyInput}
        keyRequired
        keyHint="Stored in your system keychain. Filedock shows only its last 4 characters."
        error={error}
      />
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {add.isPending ? <span className="spinner" aria-hidden="true" /> : <Icon name="plus" size={14} />}
          {add.isPending ? 'Checking key…' : 'Add account'}
        </button>
      </div>
    </form>
  )
}
