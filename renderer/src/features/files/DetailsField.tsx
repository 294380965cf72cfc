import { FormattedMessage } from 'react-intl'

/** One line of the details panel: a label and its value, the value findable by tests as `details-<testId>`. */
export function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <div className="details-field">
      <dt>{label}</dt>
      <dd data-testid={`details-${testId}`}>{value}</dd>
    </div>
  )
}

/** "1,234 bytes": a size to the byte, for the In bytes line. */
export function Bytes({ n }: { n: number }) {
  return (
    <FormattedMessage
      id="files.details.bytes"
      defaultMessage="{count, plural, one {# byte} other {# bytes}}"
      values={{ count: n }}
    />
  )
}
