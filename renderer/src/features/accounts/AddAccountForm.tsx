import { useId, useRef, useState } from 'react'
import { Icon } from '../../components/Icon.tsx'
import { errorMessage } from '../../lib/call.ts'
import { useAccountActions } from './use-account-actions.ts'

/**
 * Label, base URL and API key. The key input is uncontrolled so React never mirrors the key into a `value`
 * attribute, and it is emptied after every submit, accepted or not: once main has it, the page drops it.
 */
export function AddAccountForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const { add } = useAccountActions()
  const [label, setLabel] = useState('')
  const [baseUrl, setBaseUrl] = useState('https://')
  const keyInput = useRef<HTMLInputElement>(null)
  const id = useId()
  const errorId = `${id}-error`
  const error = add.error ? errorMessage(add.error) : null

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const input = keyInput.current
    const apiKey = input?.value ?? ''
    if (input) input.value = ''
    add.mutate(
      { label: label.trim(), baseUrl: baseUrl.trim(), apiKey },
      {
        onSuccess: () => {
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
      aria-describedby={error ? errorId : undefined}
    >
      <div className="field">
        <label htmlFor={`${id}-label`}>Label</label>
        <input
          id={`${id}-label`}
          className="input"
          value={label}
          placeholder="e.g. Work"
          maxLength={100}
          required
          onChange={(e) => setLabel(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`}>Base URL</label>
        <input
          id={`${id}-url`}
          className="input"
          type="url"
          value={baseUrl}
          required
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-key`}>API key</label>
        <input
          id={`${id}-key`}
          ref={keyInput}
          className="input mono"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
        />
        <span className="field-hint">
          Stored in your system keychain. Filedock shows only its last 4 characters.
        </span>
      </div>
      {error ? (
        <div className="form-error" id={errorId} role="alert">
          <Icon name="alert" />
          <span>{error}</span>
        </div>
      ) : null}
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
