import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl'
import type { ConflictPolicy } from '../../../../shared/downloads.ts'

/** The conflict policy in the words of Settings and of the Download… dialog (one place for both). */
export const CONFLICT_MESSAGES: Record<
  ConflictPolicy,
  { label: MessageDescriptor; detail: MessageDescriptor }
> = {
  skip: defineMessages({
    label: { id: 'download.conflict.skipLabel', defaultMessage: 'Skip files already here' },
    detail: {
      id: 'download.conflict.skipDetail',
      defaultMessage:
        'a file of the same name and size is not fetched again; another size is kept beside it as "name (1)"',
    },
  }),
  rename: defineMessages({
    label: { id: 'download.conflict.renameLabel', defaultMessage: 'Keep both' },
    detail: {
      id: 'download.conflict.renameDetail',
      defaultMessage: 'the download is saved beside it as "name (1).ext"',
    },
  }),
  overwrite: defineMessages({
    label: { id: 'download.conflict.overwriteLabel', defaultMessage: 'Replace' },
    detail: {
      id: 'download.conflict.overwriteDetail',
      defaultMessage: 'the file on disk is replaced once the download is whole',
    },
  }),
}

/** A policy's label and detail in the window's language. */
export function conflictWords(intl: IntlShape, policy: ConflictPolicy): { label: string; detail: string } {
  const m = CONFLICT_MESSAGES[policy]
  return { label: intl.formatMessage(m.label), detail: intl.formatMessage(m.detail) }
}
