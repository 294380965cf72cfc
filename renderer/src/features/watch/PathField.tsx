import { FormattedMessage } from 'react-intl'

/** A local folder's path, typed, with Browse… beside it (THE folder picker, chooseLocalFolder). */
export function PathField(props: {
  label: string
  value: string
  onChange: (path: string) => void
  placeholder: string
  /** Browse…'s accessible name: what it browses for. */
  browseLabel: string
  onBrowse: () => void
  required?: boolean
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <span className="watch-path">
        <input
          className="input mono"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          placeholder={props.placeholder}
          required={props.required}
        />
        <button type="button" className="btn" aria-label={props.browseLabel} onClick={props.onBrowse}>
          <FormattedMessage id="watch.path.browse" defaultMessage="Browse…" />
        </button>
      </span>
    </label>
  )
}
