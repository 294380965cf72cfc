import { FILTER_WORDS, type TransferFilter, useTransferFilter } from './transfer-filter.ts'

const FILTERS: TransferFilter[] = ['all', 'up', 'down']

/** All / Uploads / Downloads: which transfers the panel lists and sums; the panel's controls act on all of them. */
export function TransferFilterSwitch() {
  const shown = useTransferFilter((s) => s.shown)
  const show = useTransferFilter((s) => s.show)
  return (
    <div className="inline-field" role="radiogroup" aria-label="Show">
      <span aria-hidden="true">Show</span>
      {FILTERS.map((f) => (
        <label key={f} className="check">
          <input
            type="radio"
            name="transfer-filter"
            value={f}
            checked={shown === f}
            onChange={() => show(f)}
          />
          {FILTER_WORDS[f]}
        </label>
      ))}
    </div>
  )
}
