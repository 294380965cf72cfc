import { FormattedMessage, useIntl } from 'react-intl'
import { Notice } from '../../components/Notice.tsx'
import { useMoveFailures } from './move-failures.ts'

const SHOWN = 200

/** The files a drop could not move into its folder, each with the reason, until dismissed. */
export function MoveFailuresNotice() {
  const intl = useIntl()
  const failures = useMoveFailures((s) => s.failures)
  const folderName = useMoveFailures((s) => s.folderName)
  const close = useMoveFailures((s) => s.close)
  if (!failures) return null
  return (
    <Notice
      title={intl.formatMessage(
        {
          id: 'dnd.failures.title',
          defaultMessage: '{count, plural, one {# file} other {# files}} not moved to {folder}',
        },
        { count: failures.length, folder: folderName },
      )}
      onDismiss={close}
    >
      <ul
        className="problem-list"
        aria-label={intl.formatMessage({ id: 'dnd.failures.list', defaultMessage: 'Files not moved' })}
      >
        {failures.slice(0, SHOWN).map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name; the list never reorders
          <li key={i} className="problem">
            <span className="mono truncate" translate="no">
              {f.name}
            </span>
            <span className="muted">{f.reason}</span>
          </li>
        ))}
        {failures.length > SHOWN ? (
          <li className="muted">
            <FormattedMessage
              id="dnd.failures.more"
              defaultMessage="{count, plural, one {…and # more.} other {…and # more.}}"
              values={{ count: failures.length - SHOWN }}
            />
          </li>
        ) : null}
      </ul>
    </Notice>
  )
}
