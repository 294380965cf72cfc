import { Notice } from '../../components/Notice.tsx'
import { formatCount } from '../../lib/format.ts'
import { useMoveFailures } from './move-failures.ts'

const SHOWN = 200

/** The files a drop could not move into its folder, each with the reason, until dismissed. */
export function MoveFailuresNotice() {
  const failures = useMoveFailures((s) => s.failures)
  const folderName = useMoveFailures((s) => s.folderName)
  const close = useMoveFailures((s) => s.close)
  if (!failures) return null
  return (
    <Notice title={`${formatCount(failures.length, 'file')} not moved to ${folderName}`} onDismiss={close}>
      <ul className="problem-list" aria-label="Files not moved">
        {failures.slice(0, SHOWN).map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name; the list never reorders
          <li key={i} className="problem">
            <span className="mono truncate">{f.name}</span>
            <span className="muted">{f.reason}</span>
          </li>
        ))}
        {failures.length > SHOWN ? <li className="muted">…and {failures.length - SHOWN} more.</li> : null}
      </ul>
    </Notice>
  )
}
