import { defineMessage, defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl'
import type { EnqueueProblem } from '../../../../shared/queue.ts'
import { Notice } from '../../components/Notice.tsx'
import { descriptors } from '../../i18n/descriptors.ts'
import { errorMessage } from '../../lib/call.ts'
import { useUploads } from '../../state/upload-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'

const titles: Partial<Record<EnqueueProblem['kind'], MessageDescriptor>> = descriptors(
  defineMessages({
    empty: { id: 'upload.problem.empty', defaultMessage: 'Empty file' },
    not_found: { id: 'upload.problem.notFound', defaultMessage: 'Not found' },
    unreadable: { id: 'upload.problem.unreadable', defaultMessage: 'Cannot be read' },
    not_a_file: { id: 'upload.problem.notAFile', defaultMessage: 'Not a file' },
    symlink_loop: { id: 'upload.problem.symlinkLoop', defaultMessage: 'Link loop' },
    name_too_long: { id: 'upload.problem.nameTooLong', defaultMessage: 'Name too long' },
    control_characters: {
      id: 'upload.problem.controlCharacters',
      defaultMessage: 'Odd characters in the name',
    },
    reserved_name: { id: 'upload.problem.reservedName', defaultMessage: 'Reserved name' },
    too_many_files: { id: 'upload.problem.tooManyFiles', defaultMessage: 'Too many files' },
    invalid_url: { id: 'upload.problem.invalidUrl', defaultMessage: 'Not a URL' },
    unreachable_url: { id: 'upload.problem.unreachableUrl', defaultMessage: 'The URL does not work' },
    web_page: { id: 'upload.problem.webPage', defaultMessage: 'A web page, not a file' },
    not_enough_storage: { id: 'upload.problem.notEnoughStorage', defaultMessage: 'Not enough storage' },
    storage_unchecked: { id: 'upload.problem.storageUnchecked', defaultMessage: 'Storage not checked' },
  }),
)
const notQueued: MessageDescriptor = defineMessage({
  id: 'upload.problem.notQueued',
  defaultMessage: 'Not queued',
})

/**
 * What an upload left out (or queued without checking), listed as soon as main answers the enqueue. A report,
 * not a question: it waits in the notice dock until dismissed, while the rest of the drop uploads.
 */
export function ProblemsNotice() {
  const problems = useUploads((s) => s.problems)
  const close = useUploads((s) => s.closeProblems)
  const { data } = useAccounts()
  const intl = useIntl()
  if (!problems) return null
  const onlyNotes = problems.every((p) => p.kind === 'storage_unchecked')
  const label = (id?: string) => data?.accounts.find((a) => a.id === id)?.label

  return (
    <Notice
      title={
        onlyNotes
          ? intl.formatMessage({ id: 'upload.problems.notesTitle', defaultMessage: 'Queued with a note' })
          : intl.formatMessage({ id: 'upload.problems.title', defaultMessage: 'Some items were not queued' })
      }
      tone={onlyNotes ? 'info' : 'warning'}
      onDismiss={close}
    >
      <ul
        className="problem-list"
        aria-label={intl.formatMessage({ id: 'upload.problems.label', defaultMessage: 'Upload problems' })}
      >
        {problems.slice(0, 200).map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id; the list never reorders
          <li key={i} className="problem">
            <strong>{intl.formatMessage(titles[p.kind] ?? notQueued)}</strong>
            {p.path ? (
              <span className="mono truncate" translate="no">
                {p.path}
              </span>
            ) : null}
            {p.accountId ? (
              <span className="muted" translate="no">
                {label(p.accountId) ?? p.accountId}
              </span>
            ) : null}
            <span className="muted" translate="no">
              {errorMessage(p)}
            </span>
          </li>
        ))}
        {problems.length > 200 ? (
          <li className="muted">
            <FormattedMessage
              id="upload.problems.more"
              defaultMessage="…and {count, number} more."
              values={{ count: problems.length - 200 }}
            />
          </li>
        ) : null}
      </ul>
    </Notice>
  )
}
