import { useIntl } from 'react-intl'
import { type StatsRange, statsRanges } from './use-dashboard.ts'

/** 7 days / 30 days / All, as a segmented control (one pressed button). */
export function RangeSwitch({
  value,
  onChange,
}: {
  value: StatsRange
  onChange: (range: StatsRange) => void
}) {
  const intl = useIntl()
  return (
    <fieldset
      className="segmented"
      aria-label={intl.formatMessage({ id: 'dashboard.range.label', defaultMessage: 'Statistics range' })}
    >
      {statsRanges.map((range) => (
        <button
          key={range}
          type="button"
          className="segmented-item"
          aria-pressed={value === range}
          onClick={() => onChange(range)}
        >
          {range === 'all'
            ? intl.formatMessage({ id: 'dashboard.range.all', defaultMessage: 'All' })
            : intl.formatMessage(
                { id: 'dashboard.range.days', defaultMessage: '{days, plural, one {# day} other {# days}}' },
                { days: Number(range) },
              )}
        </button>
      ))}
    </fieldset>
  )
}
