import { type ReactNode, useId, useRef, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import type { FiledockError } from '../../../../shared/errors.ts'
import { common } from '../../components/common-messages.ts'
import { Icon, type IconName } from '../../components/Icon.tsx'
import { AccountFields } from './AccountFields.tsx'
import type { AccountField } from './field-errors.ts'

export interface AccountFormValues {
  label: string
  baseUrl: string
  /** As typed; empty when the field was left empty. */
  apiKey: string
}

interface AccountFormProps {
  /** The form's accessible name ("Add account", "Edit account"). */
  name: string
  initial: { label: string; baseUrl: string }
  keyRequired: boolean
  keyHint: string
  focus?: 'label' | AccountField
  error: FiledockError | null
  pending: boolean
  submit: { label: string; pendingLabel: string; icon: IconName }
  onCancel?: (() => void) | undefined
  /** More fields inside the form, after the account's own (the edit dialog's connection fields). */
  extra?: ReactNode
  /** Label and address come trimmed. `reset` puts the fields back to `initial` (after an account was added). */
  onSubmit(values: AccountFormValues, reset: () => void): void
}

/**
 * The account form of both the add form and the edit dialog: the fields, their error, Cancel and the submit
 * button that says while main checks the key with the host. The key field is emptied at every submit, accepted
 * or not: once main has the key, the page drops it.
 */
export function AccountForm(p: AccountFormProps) {
  const [label, setLabel] = useState(p.initial.label)
  const [baseUrl, setBaseUrl] = useState(p.initial.baseUrl)
  const keyInput = useRef<HTMLInputElement>(null)
  const id = useId()

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const input = keyInput.current
    const apiKey = input?.value ?? ''
    if (input) input.value = ''
    p.onSubmit({ label: label.trim(), baseUrl: baseUrl.trim(), apiKey }, () => {
      setLabel(p.initial.label)
      setBaseUrl(p.initial.baseUrl)
    })
  }

  return (
    <form
      className="form-grid"
      onSubmit={submit}
      aria-label={p.name}
      aria-describedby={p.error ? `${id}-error` : undefined}
    >
      <AccountFields
        id={id}
        label={label}
        onLabel={setLabel}
        baseUrl={baseUrl}
        onBaseUrl={setBaseUrl}
        keyInput={keyInput}
        keyRequired={p.keyRequired}
        keyHint={p.keyHint}
        error={p.error}
        {...(p.focus === undefined ? {} : { focus: p.focus })}
      />
      {p.extra}
      <div className="form-actions">
        {p.onCancel ? (
          <button type="button" className="btn" onClick={p.onCancel}>
            <FormattedMessage {...common.cancel} />
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={p.pending}>
          {p.pending ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <Icon name={p.submit.icon} size={14} />
          )}
          {p.pending ? p.submit.pendingLabel : p.submit.label}
        </button>
      </div>
    </form>
  )
}
