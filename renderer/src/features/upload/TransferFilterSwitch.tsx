import { FormattedMessage, useIntl } from 'react-intl'
import { FILTER_WORDS, type TransferFilter, useTransferFilter } from './transfer-filter.ts'

const FILTERS: TransferFilter[] = ['all', 'up', 'down']

/** All / Uploads / Downloads: which transfers the panel lists and sums; the panel's controls act on all of them. */
export function TransferFilterSwitch() {
  const shown = useTransferFilter((s) => s.shown)
  const show = useTransferFilter((s) => s.show)
  const intl = useIntl()
  return (
    <div
      className="inline-field"
      role="radiogroup"
      aria-label={intl.formatMessage({ id: 'upload.filter.label', defaultMessage: 'Show' })}
    >
      <span aria-hidden="true">
        <FormattedMessage id="upload.filter.show" defaultMessage="Show" />
      </span>
      {FILTERS.map((f) => (
        <label key={f} className="check">
          <input
            type="radio"
            name="transfer-filter"
            value={f}
            checked={shown === f}
            onChange={() => show(f)}
          />
          <FormattedMessage {...FILTER_WORDS[f]} />
        </label>
      ))}
    </div>
  )
}
