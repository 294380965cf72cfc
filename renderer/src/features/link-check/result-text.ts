import type { IntlShape } from 'react-intl'
import type { LinkResult } from './check-links.ts'

/** The Found column in words, as the table shows it and the CSV exports it. */
export function resultText(intl: IntlShape, result: LinkResult): string {
  switch (result.state) {
    case 'waiting':
      return intl.formatMessage({ id: 'linkCheck.result.waiting', defaultMessage: 'Checking…' })
    case 'found':
      return intl.formatMessage({ id: 'linkCheck.result.found', defaultMessage: 'Found' })
    case 'missing':
      return intl.formatMessage({ id: 'linkCheck.result.missing', defaultMessage: 'Not found' })
    case 'invalid':
      return intl.formatMessage({ id: 'linkCheck.result.invalid', defaultMessage: 'Not a valid link' })
    case 'foreign':
      return intl.formatMessage({
        id: 'linkCheck.result.foreign',
        defaultMessage: 'None of your accounts is on this host',
      })
    case 'error':
      return result.message === null
        ? intl.formatMessage({
            id: 'linkCheck.result.unanswered',
            defaultMessage: 'Not checked: The host did not answer for this link.',
          })
        : intl.formatMessage(
            { id: 'linkCheck.result.error', defaultMessage: 'Not checked: {message}' },
            { message: result.message },
          )
  }
}
