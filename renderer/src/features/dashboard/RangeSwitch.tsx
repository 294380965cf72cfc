import { type StatsRange, statsRanges } from './use-dashboard.ts'

/** 7 days / 30 days / All, as a segmented control (one pressed button). */
export function RangeSwitch({
  value,
  onChange,
}: {
  value: StatsRange
  onChange: (range: StatsRange) => void
}) {
  return (
    <fieldset className="segmented" aria-label="Statistics range">
      {statsRanges.map(([range, label]) => (
        <button
          key={range}
          type="button"
          className="segmented-item"
          aria-pressed={value === range}
          onClick={() => onChange(range)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  )
}
