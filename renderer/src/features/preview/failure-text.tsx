import type { IntlShape } from 'react-intl'
import { errorMessage } from '../../lib/call.ts'

/**
 * A failure's message from main (or the browser) inside a translated sentence: it is not translated, and the
 * element that shows it says so to page translators.
 */
export const untranslated = (message: string) => <span translate="no">{message}</span>

/** Why the direct link of a file could not be had, in a sentence around main's own message. */
export function linkFailed(intl: IntlShape, error: Error): React.ReactNode {
  return intl.formatMessage(
    { id: 'preview.linkFailed', defaultMessage: 'Could not get the file’s link: {message}' },
    { message: untranslated(errorMessage(error)) },
  )
}

/** Why a file's bytes could not be read for its preview, around main's own message. */
export function readFailed(intl: IntlShape, error: Error): React.ReactNode {
  return intl.formatMessage(
    { id: 'preview.readFailed', defaultMessage: 'Could not read the file: {message}' },
    { message: untranslated(errorMessage(error)) },
  )
}

/** A host whose file server is plain http on another machine: the page does not load it (plain-load.ts). */
export function plainHttpRefused(intl: IntlShape): string {
  return intl.formatMessage({
    id: 'preview.plainHttp',
    defaultMessage:
      'This host serves the file over plain http from another machine, which Filedock does not load.',
  })
}
