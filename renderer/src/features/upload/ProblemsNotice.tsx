import type { EnqueueProblem } from '../../../../shared/queue.ts'
import { Notice } from '../../components/Notice.tsx'
import { useUploads } from '../../state/upload-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'

const titles: Partial<Record<EnqueueProblem['kind'], string>> = {
  empty: 'Empty file',
  not_found: 'Not found',
  unreadable: 'Cannot be read',
  not_a_file: 'Not a file',
  symlink_loop: 'Link loop',
  name_too_long: 'Name too long',
  control_characters: 'Odd characters in the name',
  reserved_name: 'Reserved name',
  too_many_files: 'Too many files',
  invalid_url: 'Not a URL',
  unreachable_url: 'The URL does not work',
  web_page: 'A web page, not a file',
  not_enough_storage: 'Not enough storage',
  storage_unchecked: 'Storage not checked',
}

/**
 * What an upload left out (or queued without checking), listed as soon as main answers the enqueue. A report,
 * not a question: it waits in the notice dock until dismissed, while the rest of the drop uploads.
 */
export function ProblemsNotice() {
  const problems = useUploads((s) => s.problems)
  const close = useUploads((s) => s.closeProblems)
  const { data } = useAccounts()
  if (!problems) return null
  const onlyNotes = problems.every((p) => p.kind === 'storage_unchecked')
  const label = (id?: string) => data?.accounts.find((a) => a.id === id)?.label

  return (
    <Notice
      title={onlyNotes ? 'Queued with a note' : 'Some items were not queued'}
      tone={onlyNotes ? 'info' : 'warning'}
      onDismiss={close}
    >
      <ul className="problem-list" aria-label="Upload problems">
        {problems.slice(0, 200).map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id; the list never reorders
          <li key={i} className="problem">
            <strong>{titles[p.kind] ?? 'Not queued'}</strong>
            {p.path ? <span className="mono truncate">{p.path}</span> : null}
            {p.accountId ? <span className="muted">{label(p.accountId) ?? p.accountId}</span> : null}
            <span className="muted">{p.message}</span>
          </li>
        ))}
        {problems.length > 200 ? <li className="muted">…and {problems.length - 200} more.</li> : null}
      </ul>
    </Notice>
  )
}
