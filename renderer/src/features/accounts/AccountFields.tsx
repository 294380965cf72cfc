import type { RefObject } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { FiledockError } from '../../../../shared/errors.ts'
import { Icon } from '../../components/Icon.tsx'
import { errorMessage } from '../../lib/call.ts'
import { type AccountField, fieldOf } from './field-errors.ts'

interface AccountFieldsProps {
  id: string
  label: string
  onLabel: (label: string) => void
  baseUrl: string
  onBaseUrl: (baseUrl: string) => void
  /** Uncontrolled, so React never mirrors the key into a `value` attribute. */
  keyInput: RefObject<HTMLInputElement | null>
  /** Adding needs a key; editing keeps the stored one when the field is left empty. */
  keyRequired: boolean
  keyHint: string
  error: FiledockError | null
  /** The field the dialog starts in (Modal focuses the one marked data-autofocus). */
  focus?: 'label' | AccountField
}

/**
 * Label, base URL and API key, shared by the add form and the edit dialog. An error that concerns the address or
 * the key is shown under that field and marks it invalid; any other error is shown under the whole form.
 */
export function AccountFields(p: AccountFieldsProps) {
  const intl = useIntl()
  const field = fieldOf(p.error)
  const errorId = `${p.id}-error`
  const invalid = (f: AccountField) =>
    field === f ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
  const message = p.error ? (
    <div className="form-error" id={errorId} role="alert">
      <Icon name="alert" />
      <span>{errorMessage(p.error)}</span>
    </div>
  ) : null

  return (
    <>
      <div className="field">
        <label htmlFor={`${p.id}-label`}>
          <FormattedMessage id="accounts.form.label" defaultMessage="Label" />
        </label>
        <input
          id={`${p.id}-label`}
          className="input"
          value={p.label}
          placeholder={intl.formatMessage({
            id: 'accounts.form.labelPlaceholder',
            defaultMessage: 'e.g. Work',
          })}
          maxLength={100}
          required
          data-autofocus={p.focus === 'label' ? true : undefined}
          onChange={(e) => p.onLabel(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${p.id}-url`}>
          <FormattedMessage id="accounts.form.baseUrl" defaultMessage="Base URL" />
        </label>
        <input
          id={`${p.id}-url`}
          className="input"
          type="url"
          value={p.baseUrl}
          required
          data-autofocus={p.focus === 'baseUrl' ? true : undefined}
          onChange={(e) => p.onBaseUrl(e.target.value)}
          {...invalid('baseUrl')}
        />
        {field === 'baseUrl' ? message : null}
      </div>
      <div className="field">
        <label htmlFor={`${p.id}-key`}>
          <FormattedMessage id="accounts.form.apiKey" defaultMessage="API key" />
        </label>
        <input
          id={`${p.id}-key`}
          ref={p.keyInput}
          className="input mono"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required={p.keyRequired}
          data-autofocus={p.focus === 'apiKey' ? true : undefined}
          {...invalid('apiKey')}
        />
        {field === 'apiKey' ? message : <span className="field-hint">{p.keyHint}</span>}
      </div>
      {field === null ? message : null}
    </>
  )
}
