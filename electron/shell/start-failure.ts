import { defineMessages, type IntlShape } from '@formatjs/intl'
import { isFiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'

/**
 * The box shown when Filedock cannot start (the data folder unreadable, the index or the queue refusing to open):
 * a title, and the failure in the person's language when it is one of Filedock's own (else its words as they are).
 */
export function startFailure(error: unknown, intl: IntlShape): { title: string; detail: string } {
  const detail = isFiledockError(error)
    ? errorText(intl, error)
    : error instanceof Error
      ? error.message
      : String(error)
  return { title: intl.formatMessage(TEXT.title), detail }
}

const TEXT = defineMessages({
  title: { id: 'main.startFailure.title', defaultMessage: 'Filedock could not start' },
})
