import type { IntlShape } from 'react-intl'

/** How the details panel words what the host sends. */

/**
 * The spec shows only public = 1; what other values mean is not shown. 0 is read as "not public" (the usual
 * meaning in this host family); anything else is shown as the host sent it rather than guessed at.
 */
export function publicLabel(value: number, intl: IntlShape): string {
  if (value === 1) return intl.formatMessage({ id: 'files.details.publicYes', defaultMessage: 'Yes' })
  if (value === 0) return intl.formatMessage({ id: 'files.details.publicNo', defaultMessage: 'No' })
  return intl.formatMessage(
    { id: 'files.details.publicOther', defaultMessage: 'Host value {value}' },
    { value: String(value) },
  )
}
